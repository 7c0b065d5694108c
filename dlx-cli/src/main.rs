//! `dlx`: solve, count and enumerate exact cover problems and puzzles.

use std::process::ExitCode;

mod cli;
mod commands;
mod input;
mod outfile;
mod output;

fn main() -> ExitCode {
    // `dlx count` takes Ctrl-C from the very start: one that comes while the arguments or
    // the problem are read stops the count at once, which prints what it counted (0,
    // incomplete) instead of the program dying with nothing printed.
    if std::env::args_os().nth(1).is_some_and(|a| a == "count") {
        commands::interrupt_flag();
    }
    let cli = match cli::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(err) => return output::report_usage_error(&err),
    };
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => output::report_error(&err),
    }
}
