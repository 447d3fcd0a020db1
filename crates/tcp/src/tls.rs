//! TLS as a layer of a TCP program: the program's bytes are the plaintext, the
//! connection's send stream is the TLS records that carry them (rustls, TLS 1.2 and 1.3).
//!
//! rustls is sans-IO like this crate: bytes in through `read_tls`, records out through
//! `write_tls`, no socket of its own. A connection keeps what it sent until the peer has
//! acknowledged it ([`TlsConn::fill`] reads a retransmission from there: records are not
//! made twice), and hands what it decrypts to the program's receive cursor as a plain
//! connection hands what arrives.
//!
//! The configuration ([`TlsSpec`]) is built once per program and shared: the client's
//! (versions, cipher suites, key exchange groups, SNI, ALPN, resumption, key log) and
//! the server's (a certificate generated at start or read from files, the same choices,
//! session tickets). A client does not check the server's certificate chain (the
//! devices tested present their own self-signed ones) but does verify the handshake's
//! signature with the certificate's key, so a full handshake costs what it costs a
//! browser.

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The TLS settings of one program, shared by its connections.
#[derive(Clone, Debug)]
pub enum TlsSpec {
    /// Connections open TLS to the server.
    Client {
        /// rustls's client configuration.
        config: Arc<rustls::ClientConfig>,
        /// The name sent as SNI; `None`: none is sent (the server's address is the name).
        sni: Option<ServerName<'static>>,
    },
    /// Connections answer TLS.
    Server(Arc<rustls::ServerConfig>),
}

impl PartialEq for TlsSpec {
    fn eq(&self, other: &TlsSpec) -> bool {
        match (self, other) {
            (TlsSpec::Client { config: a, sni: x }, TlsSpec::Client { config: b, sni: y }) => {
                Arc::ptr_eq(a, b) && x == y
            }
            (TlsSpec::Server(a), TlsSpec::Server(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for TlsSpec {}

/// The protocol versions offered or accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Versions {
    /// TLS 1.2 only.
    Tls12,
    /// TLS 1.3 only.
    Tls13,
    /// Both (1.3 preferred).
    Both,
}

/// The key of a server's certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CertSource {
    /// A self-signed certificate made at start with a new key of this kind.
    Generate(KeyKind),
    /// A PEM certificate chain and its PEM private key.
    Files {
        /// The certificate chain, the server's first.
        cert: String,
        /// The private key (PKCS#8, PKCS#1 or SEC1).
        key: String,
    },
}

/// The kinds of keys made at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    /// ECDSA on P-256 with SHA-256 (RFC 9411's ecdsa_secp256r1_sha256).
    EcdsaP256,
    /// ECDSA on P-384 with SHA-384.
    EcdsaP384,
    /// Ed25519.
    Ed25519,
    /// RSA of 2048 bits (PKCS#1 v1.5 with SHA-256 for the certificate; the handshake signs
    /// with what the peer offers: RSA-PSS in TLS 1.3).
    Rsa2048,
    /// RSA of 3072 bits.
    Rsa3072,
    /// RSA of 4096 bits.
    Rsa4096,
}

impl KeyKind {
    /// The kinds by name, as profiles write them.
    pub const NAMES: [(&'static str, KeyKind); 6] = [
        ("ecdsa-p256", KeyKind::EcdsaP256),
        ("ecdsa-p384", KeyKind::EcdsaP384),
        ("ed25519", KeyKind::Ed25519),
        ("rsa2048", KeyKind::Rsa2048),
        ("rsa3072", KeyKind::Rsa3072),
        ("rsa4096", KeyKind::Rsa4096),
    ];
}

/// What a profile says about TLS for one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsOptions {
    /// Versions.
    pub versions: Versions,
    /// Cipher suites by name (IANA's `TLS_AES_128_GCM_SHA256`,
    /// `TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256` or OpenSSL's `ECDHE-ECDSA-AES128-GCM-SHA256`);
    /// empty: rustls's defaults.
    pub ciphers: Vec<String>,
    /// Key exchange groups (`x25519`, `secp256r1`, `secp384r1`); empty: all.
    pub groups: Vec<String>,
    /// ALPN protocols offered (client) or accepted (server).
    pub alpn: Vec<String>,
    /// Client: the SNI name. Server: the name in a generated certificate.
    pub name: Option<String>,
    /// Session resumption: the client keeps sessions and offers them (tickets in TLS
    /// 1.3, tickets or session IDs in 1.2); the server issues tickets and keeps sessions.
    pub resume: bool,
    /// Server: its certificate.
    pub cert: CertSource,
}

impl Default for TlsOptions {
    fn default() -> Self {
        TlsOptions {
            versions: Versions::Both,
            ciphers: Vec::new(),
            groups: Vec::new(),
            alpn: vec!["http/1.1".into()],
            name: None,
            resume: true,
            cert: CertSource::Generate(KeyKind::EcdsaP256),
        }
    }
}

/// Where a program's TLS secrets go, shared by its connections.
pub type KeyLogger = Arc<dyn rustls::KeyLog>;

/// Where session secrets are written, in the NSS key log format (SSLKEYLOGFILE) that
/// Wireshark and tshark read (`tls.keylog_file`).
pub struct KeyLogFile(Mutex<std::fs::File>);

impl KeyLogFile {
    /// Writes to `file` (opened by the caller: created exclusively, or SSLKEYLOGFILE's
    /// append).
    pub fn new(file: std::fs::File) -> KeyLogFile {
        KeyLogFile(Mutex::new(file))
    }
}

impl std::fmt::Debug for KeyLogFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyLogFile")
    }
}

impl rustls::KeyLog for KeyLogFile {
    fn log(&self, label: &str, client_random: &[u8], secret: &[u8]) {
        let mut line = String::with_capacity(label.len() + 2 + 2 * (client_random.len() + secret.len()) + 1);
        line.push_str(label);
        line.push(' ');
        hex(&mut line, client_random);
        line.push(' ');
        hex(&mut line, secret);
        line.push('\n');
        if let Ok(mut f) = self.0.lock() {
            // One write per line, so that lines from several workers never interleave.
            let _ = f.write_all(line.as_bytes());
        }
    }
}

fn hex(out: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
}

/// The crypto provider: aws-lc-rs's (crates/tcp/Cargo.toml says why), cut to the suites and groups
/// asked for.
fn provider(o: &TlsOptions) -> Result<CryptoProvider, String> {
    let mut p = rustls::crypto::aws_lc_rs::default_provider();
    if !o.ciphers.is_empty() {
        let mut suites = Vec::new();
        for name in &o.ciphers {
            let want = suite_name(name);
            let found = p.cipher_suites.iter().find(|s| format!("{:?}", s.suite()) == want).copied();
            match found {
                Some(s) => suites.push(s),
                None => {
                    let known: Vec<String> =
                        p.cipher_suites.iter().map(|s| iana(&format!("{:?}", s.suite()))).collect();
                    return Err(format!(
                        "ciphers: `{name}` is not a suite this build has: expected one of {}",
                        known.join(", ")
                    ));
                }
            }
        }
        p.cipher_suites = suites;
    }
    if !o.groups.is_empty() {
        let mut groups = Vec::new();
        for name in &o.groups {
            let found = p.kx_groups.iter().find(|g| format!("{:?}", g.name()).eq_ignore_ascii_case(name)).copied();
            match found {
                Some(g) => groups.push(g),
                None => {
                    let known: Vec<String> =
                        p.kx_groups.iter().map(|g| format!("{:?}", g.name()).to_lowercase()).collect();
                    return Err(format!(
                        "groups: `{name}` is not a group this build has: expected one of {}",
                        known.join(", ")
                    ));
                }
            }
        }
        p.kx_groups = groups;
    }
    Ok(p)
}

/// rustls's name of a suite from IANA's or OpenSSL's.
fn suite_name(name: &str) -> String {
    let n = name.trim().to_ascii_uppercase().replace('-', "_");
    const OPENSSL: [(&str, &str); 6] = [
        ("ECDHE_ECDSA_AES128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"),
        ("ECDHE_ECDSA_AES256_GCM_SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"),
        ("ECDHE_RSA_AES128_GCM_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"),
        ("ECDHE_RSA_AES256_GCM_SHA384", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384"),
        ("ECDHE_ECDSA_CHACHA20_POLY1305", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"),
        ("ECDHE_RSA_CHACHA20_POLY1305", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"),
    ];
    if let Some((_, iana)) = OPENSSL.iter().find(|(o, _)| *o == n) {
        return (*iana).to_string();
    }
    // TLS 1.3's suites: IANA's TLS_AES_128_GCM_SHA256 is rustls's TLS13_AES_128_GCM_SHA256.
    match n.strip_prefix("TLS_") {
        Some(rest) if !rest.starts_with("ECDHE") => format!("TLS13_{rest}"),
        _ => n,
    }
}

/// IANA's name of a suite from rustls's.
fn iana(rustls_name: &str) -> String {
    match rustls_name.strip_prefix("TLS13_") {
        Some(rest) => format!("TLS_{rest}"),
        None => rustls_name.to_string(),
    }
}

fn versions(v: Versions) -> &'static [&'static rustls::SupportedProtocolVersion] {
    static TLS12: [&rustls::SupportedProtocolVersion; 1] = [&rustls::version::TLS12];
    static TLS13: [&rustls::SupportedProtocolVersion; 1] = [&rustls::version::TLS13];
    static BOTH: [&rustls::SupportedProtocolVersion; 2] = [&rustls::version::TLS13, &rustls::version::TLS12];
    match v {
        Versions::Tls12 => &TLS12,
        Versions::Tls13 => &TLS13,
        Versions::Both => &BOTH,
    }
}

/// Sessions a server keeps for resumption (rustls's default cache size), and the
/// servers (names) a client keeps sessions for.
const SESSIONS: usize = 256;

/// TLS 1.3 tickets a client keeps per server, at most. rustls's own store keeps 8: a
/// client holding a thousand connections open starts them in waves, each taking a
/// ticket, and all but 8 of a wave would make full handshakes though the server handed
/// out two tickets a connection.
const TICKETS_PER_SERVER: usize = 4096;

/// A client's sessions: per server name, the key exchange group it chose, its TLS 1.2
/// session and up to [`TICKETS_PER_SERVER`] TLS 1.3 tickets (each used once).
#[derive(Default)]
struct Sessions(Mutex<std::collections::HashMap<ServerName<'static>, Kept>>);

#[derive(Default)]
struct Kept {
    kx: Option<rustls::NamedGroup>,
    tls12: Option<rustls::client::Tls12ClientSessionValue>,
    tickets: VecDeque<rustls::client::Tls13ClientSessionValue>,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sessions")
    }
}

impl Sessions {
    /// Runs `f` on `name`'s entry, made if there is room (else `f` sees a scratch one).
    fn with(&self, name: ServerName<'static>, f: impl FnOnce(&mut Kept)) {
        let Ok(mut map) = self.0.lock() else { return };
        if !map.contains_key(&name) && map.len() >= SESSIONS {
            return;
        }
        f(map.entry(name).or_default());
    }

    fn read<T>(&self, name: &ServerName<'_>, f: impl FnOnce(&mut Kept) -> Option<T>) -> Option<T> {
        let mut map = self.0.lock().ok()?;
        map.get_mut(&name.to_owned()).and_then(f)
    }
}

impl rustls::client::ClientSessionStore for Sessions {
    fn set_kx_hint(&self, name: ServerName<'static>, group: rustls::NamedGroup) {
        self.with(name, |k| k.kx = Some(group));
    }

    fn kx_hint(&self, name: &ServerName<'_>) -> Option<rustls::NamedGroup> {
        self.read(name, |k| k.kx)
    }

    fn set_tls12_session(&self, name: ServerName<'static>, value: rustls::client::Tls12ClientSessionValue) {
        self.with(name, |k| k.tls12 = Some(value));
    }

    fn tls12_session(&self, name: &ServerName<'_>) -> Option<rustls::client::Tls12ClientSessionValue> {
        self.read(name, |k| k.tls12.clone())
    }

    fn remove_tls12_session(&self, name: &ServerName<'static>) {
        self.read(name, |k| k.tls12.take());
    }

    fn insert_tls13_ticket(&self, name: ServerName<'static>, value: rustls::client::Tls13ClientSessionValue) {
        self.with(name, |k| {
            if k.tickets.len() >= TICKETS_PER_SERVER {
                k.tickets.pop_front();
            }
            k.tickets.push_back(value);
        });
    }

    fn take_tls13_ticket(&self, name: &ServerName<'static>) -> Option<rustls::client::Tls13ClientSessionValue> {
        // The newest first, as rustls's own store.
        self.read(name, |k| k.tickets.pop_back())
    }
}

/// A client's TLS. `keylog`: where secrets go (`None`: nowhere).
pub fn client(o: &TlsOptions, keylog: Option<Arc<dyn rustls::KeyLog>>) -> Result<TlsSpec, String> {
    let p = Arc::new(provider(o)?);
    let verifier = Arc::new(SignatureOnly(p.signature_verification_algorithms));
    let mut c = rustls::ClientConfig::builder_with_provider(p)
        .with_protocol_versions(versions(o.versions))
        .map_err(|e| format!("versions: {e}"))?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    c.alpn_protocols = o.alpn.iter().map(|a| a.as_bytes().to_vec()).collect();
    c.resumption = if o.resume {
        rustls::client::Resumption::store(Arc::new(Sessions::default()))
    } else {
        rustls::client::Resumption::disabled()
    };
    if let Some(k) = keylog {
        c.key_log = k;
    }
    let sni = match &o.name {
        Some(n) => Some(ServerName::try_from(n.clone()).map_err(|_| format!("sni: `{n}` is not a DNS name"))?),
        None => None,
    };
    c.enable_sni = sni.is_some();
    Ok(TlsSpec::Client { config: Arc::new(c), sni })
}

/// A server's TLS: its certificate made or read now. `base`: where relative file names
/// start.
pub fn server(o: &TlsOptions, keylog: Option<Arc<dyn rustls::KeyLog>>, base: &Path) -> Result<TlsSpec, String> {
    server_with(o, keylog, base, &CertCache::default())
}

/// The most certificates one profile makes: a key of each kind for each name at most,
/// and no more than this, so that a profile's parse (a peer's, over the daemon's or the
/// TRex server's API) costs a bounded time (an RSA 4096 key takes about a second).
pub const MAX_GENERATED_CERTS: usize = 8;

/// The certificates made for one profile, by key kind and name: server templates that
/// ask for the same share one (made once), and at most [`MAX_GENERATED_CERTS`] are made.
#[derive(Clone, Default)]
pub struct CertCache(Arc<std::sync::Mutex<Vec<Made>>>);

/// A certificate made: its key kind and name, the chain and key.
type Made = ((KeyKind, String), Chain);

impl std::fmt::Debug for CertCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0.lock().map_or(0, |c| c.len());
        write!(f, "CertCache({n} made)")
    }
}

impl CertCache {
    fn get(&self, source: &CertSource, name: &str, base: &Path) -> Result<Chain, String> {
        let CertSource::Generate(kind) = source else { return certificate(source, name, base) };
        let mut made = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let key = (*kind, name.to_string());
        if let Some((_, (certs, k))) = made.iter().find(|(k, _)| *k == key) {
            return Ok((certs.clone(), k.clone_key()));
        }
        if made.len() >= MAX_GENERATED_CERTS {
            return Err(format!(
                "cert: a profile makes at most {MAX_GENERATED_CERTS} certificates (one per key kind and name); \
                 give the servers fewer kinds or names"
            ));
        }
        let (certs, k) = certificate(source, name, base)?;
        made.push((key, (certs.clone(), k.clone_key())));
        Ok((certs, k))
    }
}

/// [`server`] with the certificates made for the rest of its profile.
pub fn server_with(
    o: &TlsOptions,
    keylog: Option<Arc<dyn rustls::KeyLog>>,
    base: &Path,
    certs: &CertCache,
) -> Result<TlsSpec, String> {
    let p = Arc::new(provider(o)?);
    let (certs, key) = certs.get(&o.cert, o.name.as_deref().unwrap_or("riptide.test"), base)?;
    let mut s = rustls::ServerConfig::builder_with_provider(p)
        .with_protocol_versions(versions(o.versions))
        .map_err(|e| format!("versions: {e}"))?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| format!("cert: {e}"))?;
    s.alpn_protocols = o.alpn.iter().map(|a| a.as_bytes().to_vec()).collect();
    if o.resume {
        s.ticketer = rustls::crypto::aws_lc_rs::Ticketer::new().map_err(|e| format!("resume: {e}"))?;
        s.session_storage = rustls::server::ServerSessionMemoryCache::new(SESSIONS);
    } else {
        s.session_storage = Arc::new(rustls::server::NoServerSessionStorage {});
        s.send_tls13_tickets = 0;
    }
    if let Some(k) = keylog {
        s.key_log = k;
    }
    Ok(TlsSpec::Server(Arc::new(s)))
}

type Chain = (Vec<CertificateDer<'static>>, PrivateKeyDer<'static>);

fn certificate(source: &CertSource, name: &str, base: &Path) -> Result<Chain, String> {
    use rustls::pki_types::pem::PemObject;
    match source {
        CertSource::Generate(kind) => {
            let rsa = |size| rcgen::KeyPair::generate_rsa_for(&rcgen::PKCS_RSA_SHA256, size);
            let key = match kind {
                KeyKind::EcdsaP256 => rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256),
                KeyKind::EcdsaP384 => rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P384_SHA384),
                KeyKind::Ed25519 => rcgen::KeyPair::generate_for(&rcgen::PKCS_ED25519),
                KeyKind::Rsa2048 => rsa(rcgen::RsaKeySize::_2048),
                KeyKind::Rsa3072 => rsa(rcgen::RsaKeySize::_3072),
                KeyKind::Rsa4096 => rsa(rcgen::RsaKeySize::_4096),
            }
            .map_err(|e| format!("cert: {e}"))?;
            let params = rcgen::CertificateParams::new(vec![name.to_string()]).map_err(|e| format!("name: {e}"))?;
            let cert = params.self_signed(&key).map_err(|e| format!("cert: {e}"))?;
            let der = PrivateKeyDer::Pkcs8(key.serialize_der().into());
            Ok((vec![cert.der().clone()], der))
        }
        CertSource::Files { cert, key } => {
            let cert_path = base.join(cert);
            let key_path = base.join(key);
            let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&cert_path)
                .and_then(|i| i.collect::<Result<Vec<_>, _>>())
                .map_err(|e| format!("cert: {}: {e}", cert_path.display()))?;
            if certs.is_empty() {
                return Err(format!("cert: {}: no CERTIFICATE in the file", cert_path.display()));
            }
            let key =
                PrivateKeyDer::from_pem_file(&key_path).map_err(|e| format!("key: {}: {e}", key_path.display()))?;
            Ok((certs, key))
        }
    }
}

/// A verifier that takes any certificate chain but checks the handshake's signature
/// with the certificate's key.
#[derive(Debug)]
struct SignatureOnly(WebPkiSupportedAlgorithms);

impl ServerCertVerifier for SignatureOnly {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_schemes()
    }
}

/// How a handshake ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Handshake {
    /// Still going.
    Pending,
    /// Done just now: full.
    Full,
    /// Done just now: resumed.
    Resumed,
    /// Done before.
    Done,
}

/// One connection's TLS.
pub(crate) struct TlsConn {
    session: rustls::Connection,
    /// Records sent and not yet acknowledged, from stream offset `base` on.
    out: VecDeque<u8>,
    base: u32,
    /// Plaintext bytes of the program written so far.
    plain: u32,
    ready: bool,
    failed: bool,
    reported: bool,
}

impl std::fmt::Debug for TlsConn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TlsConn").field("base", &self.base).field("unacked", &self.out.len()).finish()
    }
}

/// Plaintext read at a time.
const CHUNK: usize = 16 * 1024;

impl TlsConn {
    /// A connection's TLS for `spec`; `server_ip`: the client's name for the server
    /// where no SNI is set.
    pub(crate) fn new(spec: &TlsSpec, server_ip: std::net::Ipv4Addr) -> Result<TlsConn, rustls::Error> {
        let session: rustls::Connection = match spec {
            TlsSpec::Client { config, sni } => {
                let name = sni.clone().unwrap_or(ServerName::IpAddress(std::net::IpAddr::V4(server_ip).into()));
                rustls::ClientConnection::new(config.clone(), name)?.into()
            }
            TlsSpec::Server(config) => rustls::ServerConnection::new(config.clone())?.into(),
        };
        Ok(TlsConn { session, out: VecDeque::new(), base: 0, plain: 0, ready: false, failed: false, reported: false })
    }

    /// Whether the handshake is done (the program runs).
    pub(crate) fn ready(&self) -> bool {
        self.ready
    }

    /// Whether the peer's records could not be read (an alert was sent), the first
    /// time it is asked after they could not.
    pub(crate) fn take_failure(&mut self) -> bool {
        let new = self.failed && !self.reported;
        self.reported |= self.failed;
        new
    }

    /// Takes bytes that arrived in order: decrypts them and passes the plaintext to
    /// `deliver`. Returns false when they could not be read (the connection is over).
    pub(crate) fn receive(&mut self, mut data: &[u8], deliver: &mut impl FnMut(&[u8])) -> bool {
        if self.failed {
            return false;
        }
        let mut buf = [0u8; CHUNK];
        let mut stalled = false;
        while !data.is_empty() {
            // rustls takes at most a record's worth beyond what it holds (an error when
            // full): what it took is decrypted and read out before the rest.
            let took = self.session.read_tls(&mut data).unwrap_or(0);
            if self.session.process_new_packets().is_err() {
                // Its alert is queued: `flush` sends it.
                self.failed = true;
                return false;
            }
            loop {
                match self.session.reader().read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => deliver(&buf[..n]),
                }
            }
            if took == 0 {
                if stalled {
                    // Twice nothing taken with everything read out: not TLS.
                    self.failed = true;
                    return false;
                }
                stalled = true;
            } else {
                stalled = false;
            }
        }
        true
    }

    /// Where the handshake is; reports its end once.
    pub(crate) fn handshake(&mut self) -> Handshake {
        if self.ready {
            return Handshake::Done;
        }
        if self.session.is_handshaking() {
            return Handshake::Pending;
        }
        self.ready = true;
        match self.session.handshake_kind() {
            Some(rustls::HandshakeKind::Resumed) => Handshake::Resumed,
            _ => Handshake::Full,
        }
    }

    /// Encrypts the program's next `n` bytes.
    pub(crate) fn write_plain(&mut self, program: &crate::Program, n: u32) {
        let mut buf = [0u8; CHUNK];
        let mut left = n;
        while left > 0 {
            let k = left.min(CHUNK as u32);
            program.fill(self.plain, &mut buf[..k as usize]);
            let _ = self.session.writer().write_all(&buf[..k as usize]);
            self.plain = self.plain.wrapping_add(k);
            left -= k;
            self.drain();
        }
    }

    /// Sends close_notify.
    pub(crate) fn close(&mut self) {
        self.session.send_close_notify();
    }

    fn drain(&mut self) {
        while self.session.wants_write() {
            match self.session.write_tls(&mut self.out) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    }

    /// Queues what rustls has to send on `conn` and forgets what the peer acknowledged.
    pub(crate) fn flush(&mut self, conn: &mut crate::Connection) {
        self.drain();
        let end = self.base.wrapping_add(self.out.len() as u32);
        let queued = conn.queued();
        if end != queued {
            let more = end.wrapping_sub(queued);
            if !conn.send(more) {
                // The send direction is closed: these records never leave.
                self.out.truncate(self.out.len() - more as usize);
            }
        }
        let acked = conn.queued().wrapping_sub(conn.unacked());
        let drop = acked.wrapping_sub(self.base).min(self.out.len() as u32);
        self.out.drain(..drop as usize);
        self.base = self.base.wrapping_add(drop);
    }

    /// Writes the send stream's bytes from `offset` into `out` (a transmission or a
    /// retransmission).
    pub(crate) fn fill(&self, offset: u32, out: &mut [u8]) {
        let start = offset.wrapping_sub(self.base) as usize;
        let (a, b) = self.out.as_slices();
        let mut at = start;
        let mut written = 0;
        while written < out.len() {
            let (src, i) = if at < a.len() {
                (a, at)
            } else if at - a.len() < b.len() {
                (b, at - a.len())
            } else {
                break;
            };
            let n = (src.len() - i).min(out.len() - written);
            out[written..written + n].copy_from_slice(&src[i..i + n]);
            written += n;
            at += n;
        }
        out[written..].fill(0);
    }
}
