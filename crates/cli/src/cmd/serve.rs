//! `miai serve`: the command-line face of `miai-serve`, the workbench in
//! the browser (docs/serve.md).

use std::net::IpAddr;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use miai_serve::Settings;

/// Arguments of `miai serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  miai serve\n  miai serve --port 0\n  \
    miai serve --host 0.0.0.0 --port 8080\n\n\
    The first line printed is `listening on http://HOST:PORT/` (with the \
    real port when --port is 0). The API is described in docs/serve.md.")]
pub struct Args {
    /// The TCP port (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to bind: 127.0.0.1 keeps the server to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Milliseconds a client may take to send a request head (and an idle
    /// connection is kept): a test hook; the default is 30 s.
    #[arg(long, hide = true, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub header_timeout_ms: Option<u64>,
    /// Milliseconds a client may take to send a request body: a test hook;
    /// the default is 30 s.
    #[arg(long, hide = true, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub body_timeout_ms: Option<u64>,
}

/// Runs `miai serve` until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let defaults = Settings::default();
    let settings = Settings {
        host: args.host,
        port: args.port,
        header_timeout: args
            .header_timeout_ms
            .map_or(defaults.header_timeout, Duration::from_millis),
        body_timeout: args
            .body_timeout_ms
            .map_or(defaults.body_timeout, Duration::from_millis),
    };
    miai_serve::run(settings).context("miai serve")?;
    Ok(ExitCode::SUCCESS)
}
