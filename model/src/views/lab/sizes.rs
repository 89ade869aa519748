//! The sizes of the lab's runs: server counts, points per server, keys and schemes of each
//! figure. The page's runs and the worker's jobs both read them.

use crate::views::compare::schemes::Compared;

/// The busiest table's server counts.
pub const BUSIEST_SERVERS: [usize; 3] = [10, 100, 1_000];
/// The catcher figure's server count.
pub const CATCHER_SERVERS: usize = 100;
/// The most points per server in every figure: V = 1, 2, 4, ..., 1,024.
pub const MOST_POINTS: u32 = 1_024;
/// The most points per server of the durability figure: V = 1, 2, 4, ..., 512.
pub const MOST_LOSS_POINTS: u32 = 512;
/// Keys placed by the real-keys figure, and its server counts (the most a job accepts).
pub const KEYS_PLACED: u64 = 100_000;
pub const KEYS_SERVERS: [usize; 3] = [10, 100, 1_000];
pub const KEYS_SERVERS_MAX: usize = 1_000;
/// The real-keys figure's points per server on the first ring (the second has 1,024).
pub const KEYS_POINTS: u32 = 160;
/// The schemes of the real-keys figure.
pub const KEYS_SCHEMES: [Compared; 4] = [
    Compared::Ring,
    Compared::Ring1024,
    Compared::Jump,
    Compared::Rendezvous,
];
/// The lookup-speed figure's server counts (the most a job accepts) and schemes.
pub const SPEED_SERVERS: [usize; 4] = [10, 100, 1_000, 10_000];
pub const SPEED_SERVERS_MAX: usize = 10_000;
pub const SPEED_SCHEMES: [Compared; 4] = [
    Compared::Ring,
    Compared::Jump,
    Compared::Rendezvous,
    Compared::Maglev,
];
/// The seed experiment's lookups per second in Python, as it reported them: the ring
/// (a sorted list and `bisect`), jump and rendezvous.
pub const SEED_PYTHON_RATES: [(Compared, f64); 3] = [
    (Compared::Ring, 3.6e6),
    (Compared::Jump, 1.0e6),
    (Compared::Rendezvous, 6.0e3),
];
/// The bounded-loads figure: keys, servers, points per server and the epsilons tried
/// (in thousandths: a job carries epsilon in its `points`).
pub const BOUNDED_KEYS: u64 = 20_000;
pub const BOUNDED_SERVERS: usize = 100;
pub const BOUNDED_POINTS: u32 = 160;
pub const BOUNDED_EPSILON_MILLIS: [u32; 7] = [25, 50, 100, 250, 500, 1_000, 2_000];
/// The agreement figure: keys placed by each pair, and the server (or partition) counts.
pub const AGREE_KEYS: u64 = 20_000;
pub const AGREE_SERVERS: [usize; 10] = [2, 3, 4, 6, 8, 12, 16, 24, 32, 64];
/// The most servers an agreement job accepts.
pub const AGREE_SERVERS_MAX: usize = 1_000;
/// An agreement job's points: the clients keep their own, so the job carries none.
pub const AGREE_POINTS: u32 = 0;
/// The server count figure 9's finding speaks of first: six, the Kafka preset's partitions.
pub const AGREE_SAID: usize = 6;
