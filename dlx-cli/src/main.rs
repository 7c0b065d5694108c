//! `dlx`: solve, count and enumerate exact cover problems and puzzles.

use std::process::ExitCode;

mod cli;
mod commands;
mod input;
mod output;

fn main() -> ExitCode {
    let cli = match cli::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(err) => return output::report_usage_error(&err),
    };
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => output::report_error(&err),
    }
}
