//! `dlx completions`.

use clap::Args;

/// `dlx completions`.
#[derive(Debug, Args)]
#[command(after_long_help = COMPLETIONS_HELP)]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

const COMPLETIONS_HELP: &str = "\
Examples:
  dlx completions bash > ~/.local/share/bash-completion/completions/dlx
  dlx completions zsh > ~/.zfunc/_dlx        (with fpath+=~/.zfunc in ~/.zshrc)
  dlx completions fish > ~/.config/fish/completions/dlx.fish";
