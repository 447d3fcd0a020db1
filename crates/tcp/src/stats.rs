//! Counters with the BSD names TRex ASTF prints (`tcps_*`), one set per side per worker,
//! and what the programs did.

use serde::{Deserialize, Serialize};

macro_rules! counters {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$doc:meta])* $field:ident,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
        pub struct $name {
            $($(#[$doc])* pub $field: u64,)*
        }

        impl $name {
            /// Adds `other` into `self`.
            pub fn merge(&mut self, other: &$name) {
                $(self.$field += other.$field;)*
            }

            /// The counters as `(name, value)`, in declaration order.
            pub fn fields(&self) -> Vec<(&'static str, u64)> {
                vec![$((stringify!($field), self.$field)),*]
            }
        }
    };
}

counters! {
    /// TCP counters of one side (client or server), named as BSD's `struct tcpstat`.
    pub struct TcpStats {
        /// Connections initiated (SYNs sent for a new connection).
        tcps_connattempt,
        /// Connections accepted (SYNs received by a listener).
        tcps_accepts,
        /// Connections established (both sides: a handshake completed).
        tcps_connects,
        /// Connections closed (every connection, however it ended, once its state is freed).
        tcps_closed,
        /// Embryonic connections dropped (reset or timed out before the handshake completed).
        tcps_conndrops,
        /// Established connections dropped (reset, or retransmissions exhausted).
        tcps_drops,
        /// Connections dropped by a retransmission timeout.
        tcps_timeoutdrop,
        /// Segments sent.
        tcps_sndtotal,
        /// Data segments sent (first transmissions).
        tcps_sndpack,
        /// Data bytes sent (first transmissions).
        tcps_sndbyte,
        /// Data segments retransmitted.
        tcps_sndrexmitpack,
        /// Data bytes retransmitted.
        tcps_sndrexmitbyte,
        /// Pure ACKs sent.
        tcps_sndacks,
        /// Control segments sent (SYN, FIN, RST without data).
        tcps_sndctrl,
        /// Window probes sent.
        tcps_sndprobe,
        /// RSTs sent.
        tcps_sndrst,
        /// Segments received.
        tcps_rcvtotal,
        /// In-order data segments received.
        tcps_rcvpack,
        /// In-order data bytes received.
        tcps_rcvbyte,
        /// Segments received that were duplicates.
        tcps_rcvduppack,
        /// Duplicate bytes received.
        tcps_rcvdupbyte,
        /// Out-of-order segments received.
        tcps_rcvoopack,
        /// Out-of-order bytes received.
        tcps_rcvoobyte,
        /// Segments received after the peer's window (trimmed).
        tcps_rcvpackafterwin,
        /// ACKs received that acknowledged new data.
        tcps_rcvackpack,
        /// Data bytes acknowledged by received ACKs.
        tcps_rcvackbyte,
        /// Acknowledged sequence numbers that were no bytes sent (the FIN).
        tcps_rcvackbyte_of,
        /// Duplicate ACKs received.
        tcps_rcvdupack,
        /// ACKs received for data not yet sent.
        tcps_rcvacktoomuch,
        /// RSTs received.
        tcps_rcvrst,
        /// Segments received with a bad checksum.
        tcps_rcvbadsum,
        /// Segments received too short or malformed.
        tcps_rcvshort,
        /// Retransmission timeouts.
        tcps_rexmttimeo,
        /// Recoveries the SACK scoreboard ran (RFC 6675).
        tcps_sack_recovery_episode,
        /// Holes the SACK scoreboard retransmitted beyond the first of a recovery.
        tcps_sack_rexmits,
        /// Persist (zero-window probe) timeouts.
        tcps_persisttimeo,
        /// Fast retransmits (three duplicate ACKs).
        tcps_sndfastrexmit,
        /// RTT samples taken.
        tcps_rttupdated,
        /// Segments for no connection (answered with RST).
        tcps_noport,
        /// Connections not opened because every client tuple was in use.
        tcps_nofreetuple,
        /// Connections (and UDP flows) not opened, and SYNs (first datagrams) dropped,
        /// because the endpoint held its most at once (`EndpointConfig::max_conns`; TRex's
        /// name: BSD has none).
        err_flow_overflow,
        /// Server connections reset, and first datagrams dropped, whose first payload
        /// no rule of association by L7 content (nor one by address) answered (TRex's
        /// `err_defer_no_template`).
        err_defer_no_template,
    }
}

counters! {
    /// What programs did, per side.
    pub struct AppStats {
        /// Programs that ran to their end.
        completed,
        /// Connections ended because a `recv` waited past the timeout.
        recv_timeouts,
        /// The peer closed before a `recv` was filled.
        peer_closed_early,
        /// Bytes that arrived when no `recv` step wanted them.
        unexpected_bytes,
        /// Bytes that differed from what an `expect` step expected.
        content_errors,
        /// TLS handshakes completed (connections over TLS).
        tls_handshakes,
        /// Of them, resumed sessions (no certificate, no signature).
        tls_resumed,
        /// Connections whose peer's TLS could not be read (an alert sent, the connection
        /// closed).
        tls_failures,
    }
}

counters! {
    /// UDP counters of one side, named as TRex's `udpstat`.
    pub struct UdpStats {
        /// Client flows opened.
        udps_connects,
        /// Server flows opened by a first datagram.
        udps_accepts,
        /// Flows ended (program done, idle, or dropped).
        udps_closed,
        /// Datagrams sent.
        udps_sndpkt,
        /// Payload bytes sent.
        udps_sndbyte,
        /// Datagrams received on a flow.
        udps_rcvpkt,
        /// Payload bytes received on a flow.
        udps_rcvbyte,
        /// Flows ended because nothing moved for their keepalive time.
        udps_keepdrops,
        /// Datagrams for no flow and no listening port (dropped).
        udps_noport,
        /// First datagrams no rule of association by L7 content (nor one by address)
        /// answered, dropped (TRex's `err_defer_no_template`).
        err_defer_no_template,
    }
}
