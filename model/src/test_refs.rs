//! For tests: small reference implementations written from their definitions, so a test
//! can check the model's figures without the code path that made them.

/// CRC16 as Redis Cluster takes it (XMODEM: polynomial 0x1021, start 0, no reflection),
/// bit by bit.
pub fn crc16_xmodem(bytes: &[u8]) -> u16 {
    let mut crc = 0u16;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The part of `key` Redis hashes: the text between its first `{` and the next `}` when
/// that is not empty, else the whole key.
pub fn hash_tag(key: &str) -> &[u8] {
    let bytes = key.as_bytes();
    key.find('{')
        .and_then(|open| {
            let close = open + 1 + key[open + 1..].find('}')?;
            (close > open + 1).then(|| &bytes[open + 1..close])
        })
        .unwrap_or(bytes)
}

#[test]
fn redis_own_examples() {
    // Redis' cluster tutorial: "somekey" is slot 11058; a tag picks the slot.
    assert_eq!(crc16_xmodem(b"somekey") % 16_384, 11_058);
    assert_eq!(hash_tag("{user1000}.following"), b"user1000");
    assert_eq!(hash_tag("foo{}{bar}"), b"foo{}{bar}");
    assert_eq!(hash_tag("foo{{bar}}zap"), b"{bar");
}
