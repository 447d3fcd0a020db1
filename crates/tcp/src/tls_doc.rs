//! TLS settings as profiles write them (riptide's TCP profile's `tls:`, the `tls` of an
//! ASTF template): read into rustls configurations ([`crate::tls`]), with what a parse
//! takes besides the profile's text ([`ParseOptions`]: the key log, where files are, and
//! whether the profile may name files at all).

use crate::program::Program;
use crate::tls::{CertSource, KeyKind, TlsOptions, TlsSpec, Versions};
use serde::Deserialize;
use std::sync::Arc;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Client,
    Server,
}

/// `tls: true`, or its settings.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
pub(crate) enum TlsField {
    On(bool),
    Doc(TlsDoc),
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct TlsDoc {
    #[serde(default)]
    version: Option<VersionDoc>,
    #[serde(default)]
    ciphers: Vec<String>,
    #[serde(default)]
    groups: Vec<String>,
    #[serde(default)]
    alpn: Option<Vec<String>>,
    /// Client: the SNI name; server: the name in a generated certificate.
    #[serde(default)]
    sni: Option<String>,
    #[serde(default)]
    resume: Option<bool>,
    #[serde(default)]
    cert: Option<CertDoc>,
}

/// `1.2`, `1.3` or `any` (YAML reads the first two as numbers).
#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum VersionDoc {
    Number(f64),
    Text(String),
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum CertDoc {
    Kind(String),
    Files { cert: String, key: String },
}

/// What a profile's parse takes besides its text.
#[derive(Clone, Default)]
pub struct ParseOptions {
    /// Where TLS secrets go (`--keylog`, SSLKEYLOGFILE).
    pub keylog: Option<Arc<dyn rustls::KeyLog>>,
    /// Where relative file names in the profile start (its directory).
    pub base: std::path::PathBuf,
    /// Whether the profile may name files to read (TLS certificates and keys): a profile
    /// a local user gave (the command line), never one a peer sent (the daemon's and the
    /// TRex server's APIs parse with the default, false).
    pub files: bool,
    /// The certificates made for this profile (shared by its servers, bounded).
    pub certs: crate::tls::CertCache,
}

impl std::fmt::Debug for ParseOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParseOptions")
            .field("keylog", &self.keylog.is_some())
            .field("base", &self.base)
            .field("files", &self.files)
            .field("certs", &self.certs)
            .finish()
    }
}

/// A side's TLS from its `tls:` field; `None`: plain TCP.
pub(crate) fn tls_of(field: Option<TlsField>, server: bool, opts: &ParseOptions) -> Result<Option<TlsSpec>, String> {
    let side = if server { Side::Server } else { Side::Client };
    let doc = match field {
        None | Some(TlsField::On(false)) => return Ok(None),
        Some(TlsField::On(true)) => TlsDoc::default(),
        Some(TlsField::Doc(d)) => d,
    };
    let mut o = TlsOptions::default();
    if let Some(v) = &doc.version {
        let text = match v {
            VersionDoc::Number(n) => format!("{n}"),
            VersionDoc::Text(t) => t.trim().to_ascii_lowercase(),
        };
        o.versions = match text.as_str() {
            "1.2" => Versions::Tls12,
            "1.3" => Versions::Tls13,
            "any" | "1.2+" => Versions::Both,
            _ => return Err(format!("version: `{text}`: expected 1.2, 1.3 or any")),
        };
    }
    o.ciphers = doc.ciphers;
    o.groups = doc.groups;
    if let Some(a) = doc.alpn {
        o.alpn = a;
    }
    o.name = doc.sni;
    if let Some(r) = doc.resume {
        o.resume = r;
    }
    match (side, doc.cert) {
        (Side::Client, Some(_)) => return Err("cert: a client presents no certificate (cert is the server's)".into()),
        (_, None) => {}
        (Side::Server, Some(CertDoc::Files { .. })) if !opts.files => {
            return Err("cert: certificate files are read only from a profile given on the command line; a profile \
                        sent to the daemon or the TRex server names a kind to make (ecdsa-p256, rsa2048, ...)"
                .into())
        }
        (Side::Server, Some(CertDoc::Files { cert, key })) => o.cert = CertSource::Files { cert, key },
        (Side::Server, Some(CertDoc::Kind(k))) => {
            let kind = KeyKind::NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(k.trim())).map(|(_, kind)| *kind);
            o.cert = match kind {
                Some(kind) => CertSource::Generate(kind),
                None => {
                    let names: Vec<&str> = KeyKind::NAMES.iter().map(|(n, _)| *n).collect();
                    return Err(format!("cert: `{k}`: expected {} or {{cert: FILE, key: FILE}}", names.join(", ")));
                }
            };
        }
    }
    let spec = match side {
        Side::Client => crate::tls::client(&o, opts.keylog.clone()),
        Side::Server => crate::tls::server_with(&o, opts.keylog.clone(), &opts.base, &opts.certs),
    };
    spec.map(Some)
}

/// `program` over the TLS of an ASTF template's `tls` (riptide's extension: true, or the
/// `tls:` settings as JSON), as a server's when `server`. An error goes after the name
/// `tls`: `.version: ...` for a field, `: ...` for the whole.
pub(crate) fn tls_json(
    program: Arc<Program>,
    tls: Option<&serde_json::Value>,
    server: bool,
    opts: &ParseOptions,
) -> Result<Arc<Program>, String> {
    let field = match tls {
        None => return Ok(program),
        Some(serde_json::Value::Bool(on)) => TlsField::On(*on),
        Some(v) => TlsField::Doc(serde_json::from_value(v.clone()).map_err(|e| format!(": {e}"))?),
    };
    let spec = tls_of(Some(field), server, opts).map_err(|m| format!(".{m}"))?;
    if spec.is_some() && program.is_machine() {
        // The TLS layer reads the plaintext from the program's one send stream.
        return Err(": TLS under a program of clock, variable or jump commands (set_tick_var, jmp_dp, add_var, \
                    jmp_cmp) is not supported"
            .into());
    }
    Ok(with_tls(program, spec))
}

pub(crate) fn with_tls(program: Arc<Program>, tls: Option<TlsSpec>) -> Arc<Program> {
    match tls {
        Some(t) => Arc::new((*program).clone().with_tls(t)),
        None => program,
    }
}
