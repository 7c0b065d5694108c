//! `dlx serve`.

use clap::Args;

/// `dlx serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on. The default, 127.0.0.1, takes connections from this
    /// machine only (the f-puzzles page in its browser); any other address lets other
    /// machines use this solver.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port (the userscript connects to 4545); 0 lets the system choose one, which is
    /// printed.
    #[arg(long, default_value_t = 4545)]
    pub port: u16,
    /// Serve at most N clients at once; more are refused (closed at once).
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub max_clients: u32,
}
