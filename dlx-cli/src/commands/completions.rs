//! `dlx completions SHELL`: a completion script, generated from the command line's
//! definition so it never falls behind.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::CommandFactory;

use crate::cli::{Cli, CompletionsArgs};
use crate::output::{stdout, EXIT_OK};

pub fn run(args: &CompletionsArgs) -> Result<ExitCode> {
    // clap_complete panics on write errors, so write to memory first: a closed standard
    // output then ends quietly like everywhere else.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "dlx", &mut script);
    let mut out = stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}
