//! Reading the command line quickly: a command line that names a subcommand and asks for
//! no help or version is parsed against that subcommand alone.
//!
//! clap's derive builds every subcommand's arguments before it reads one word, about a
//! hundred page faults and a quarter of a millisecond on each run of `dlx` — as much as a
//! whole count of a small problem (issue 24, "start-up"). The subcommand's own arguments,
//! checks and messages are the same either way (a test compares them); what the shortcut
//! leaves out is only what help pages print (the subcommand's one-line summary), so any
//! command line that may ask for help goes the usual way.

use std::ffi::OsString;

use clap::{Args, FromArgMatches, Parser};

use super::*;

/// Parses `args` (the program's name first) as [`Cli::try_parse_from`] does.
pub fn parse(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    use clap::error::ErrorKind;
    if let Some(command) = one_subcommand(&args) {
        match command.try_get_matches_from(&args) {
            Ok(matches) => return Cli::from_arg_matches(&matches),
            // A help page shown for want of an argument (`dlx gen`) has the summary that
            // only the whole command line has: read it the usual way.
            Err(e)
                if !matches!(
                    e.kind(),
                    ErrorKind::DisplayHelp
                        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
                        | ErrorKind::DisplayVersion
                ) =>
            {
                return Err(e)
            }
            Err(_) => {}
        }
    }
    Cli::try_parse_from(args)
}

/// The top-level command with only the subcommand `args` names, or `None` when `args`
/// names none or may ask for help or the version (words `help`, `--help`, `--version`,
/// short flags with `h` or `V`).
fn one_subcommand(args: &[OsString]) -> Option<clap::Command> {
    let name = args.get(1)?.to_str()?;
    let may_ask_for_help = args.iter().skip(2).any(|a| {
        let a = a.to_string_lossy();
        matches!(&*a, "help" | "--help" | "--version")
            || (a.starts_with('-') && !a.starts_with("--") && (a.contains('h') || a.contains('V')))
    });
    if may_ask_for_help {
        return None;
    }
    type Augment = fn(clap::Command) -> clap::Command;
    let (name, augment): (&'static str, Augment) = match name {
        "count" => ("count", CountArgs::augment_args),
        "solve" => ("solve", SolveArgs::augment_args),
        "split" => ("split", SplitArgs::augment_args),
        "merge" => ("merge", MergeArgs::augment_args),
        "trace" => ("trace", TraceArgs::augment_args),
        "variant" => ("variant", super::VariantArgs::augment_args),
        "serve" => ("serve", super::ServeArgs::augment_args),
        "sudoku" => ("sudoku", SudokuArgs::augment_args),
        "knightdoku" => ("knightdoku", KnightdokuArgs::augment_args),
        "tour" => ("tour", TourArgs::augment_args),
        "zdd" => ("zdd", ZddArgs::augment_args),
        "sample" => ("sample", SampleArgs::augment_args),
        "gen" => ("gen", GenArgs::augment_args),
        "completions" => ("completions", CompletionsArgs::augment_args),
        _ => return None,
    };
    let sub = augment(clap::Command::new(name));
    Some(
        clap::Command::new("dlx")
            .version(env!("CARGO_PKG_VERSION"))
            .propagate_version(true)
            .subcommand_required(true)
            .subcommand(sub),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    /// The shortcut's answer and clap's, as text: the parsed command line, or the error's
    /// kind and message.
    fn both(line: &str) -> (String, String) {
        let show = |r: Result<Cli, clap::Error>| match r {
            Ok(cli) => format!("{cli:?}"),
            Err(e) => format!("{:?}: {}", e.kind(), e.render()),
        };
        (
            show(parse(words(line))),
            show(Cli::try_parse_from(words(line))),
        )
    }

    #[test]
    fn every_subcommand_has_a_shortcut() {
        for sub in Cli::command().get_subcommands() {
            let name = sub.get_name();
            if name == "help" {
                continue;
            }
            let args = words(&format!("dlx {name} x"));
            let command = one_subcommand(&args).unwrap_or_else(|| panic!("{name}"));
            let short = command.find_subcommand(name).expect("the subcommand");
            let ids = |c: &clap::Command| {
                c.get_arguments()
                    .map(|a| a.get_id().to_string())
                    .collect::<Vec<_>>()
            };
            assert_eq!(ids(short), ids(sub), "{name}");
            let subs = |c: &clap::Command| {
                c.get_subcommands()
                    .map(|s| s.get_name().to_string())
                    .collect::<Vec<_>>()
            };
            assert_eq!(subs(short), subs(sub), "{name}");
        }
    }

    #[test]
    fn the_shortcut_reads_command_lines_as_clap_does() {
        for line in [
            "dlx count f.dlx",
            "dlx count f.dlx --threads 2 --stats --json",
            "dlx count f.dlx --node-budget 5 --checkpoint c.json",
            "dlx count f.dlx --memo --order first",
            "dlx count",
            "dlx count f.dlx --bogus",
            "dlx count f.dlx --threads many",
            "dlx solve f.dlx --all --limit 3",
            "dlx solve f.dlx --limit 0",
            "dlx solve - --all --threads 2 --ordered",
            "dlx split f.dlx --units 10",
            "dlx merge a b --json",
            "dlx trace --example toy --format html -o t.html",
            "dlx trace f.dlx --example toy",
            "dlx variant p.json --count --engine sat",
            "dlx sudoku s.txt --x --count",
            "dlx sudoku s.txt --size 0",
            "dlx knightdoku k.txt --count --format json",
            "dlx tour 8x8 --closed --count --memo",
            "dlx tour 8x8 --svg",
            "dlx zdd f.dlx -o out.zdd",
            "dlx sample f.dlx -n 10 --seed 42",
            "dlx gen queens 8",
            "dlx gen pentominoes 6x10",
            "dlx gen dominoes 4x4",
            "dlx gen nosuch 3",
            "dlx gen",
            "dlx completions bash",
            "dlx completions nosuch",
            "dlx solve",
            "dlx split",
            "dlx merge",
            "dlx trace",
            "dlx variant",
            "dlx sudoku",
            "dlx knightdoku",
            "dlx tour",
            "dlx zdd",
            "dlx sample",
            "dlx completions",
            "dlx nosuch f.dlx",
            "dlx coutn f.dlx",
            "dlx",
        ] {
            let (fast, clap) = both(line);
            assert_eq!(fast, clap, "{line}");
        }
    }

    #[test]
    fn help_and_version_go_the_usual_way() {
        for line in [
            "dlx count --help",
            "dlx count -h",
            "dlx count f -th",
            "dlx count --version",
            "dlx count -V",
            "dlx gen help",
            "dlx help count",
        ] {
            assert!(one_subcommand(&words(line)).is_none(), "{line}");
        }
    }
}
