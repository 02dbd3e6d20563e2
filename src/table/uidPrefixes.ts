// The reader bridge's compact tag pool (firmware-bridge/src/presence.*) keeps each tag as the UID's last 4 bytes and
// an index into a table of BRIDGE_UID_PREFIXES shared prefixes; a tag whose prefix would be one more is refused
// (`ERR,<antenna>,OVERRUN`). A prefix is the UID's length and its bytes before the last 4, as Presence::prefixOf
// forms it: a 4-byte UID (ISO 14443 single size) has none (all 4-byte UIDs share one entry), a 7-byte NTAG UID its
// first 3 bytes (04 A1 00), an 8-byte ISO 15693 UID its first 4 (E0 04 01 50). Checked here against the registry,
// so that a card room learns at enrollment and at start, not mid-hand, that its tags need more prefixes than that.

/** The bridge's prefix table (presence.h kPrefixes). */
export const BRIDGE_UID_PREFIXES = 16;

/** The prefix the bridge files this UID (hex, 8, 14 or 16 digits) under: `<bytes>:<prefix hex>`, e.g. `7:04A100`. */
export function uidPrefix(uid: string): string {
  const u = uid.trim().toUpperCase();
  const bytes = u.length / 2;
  return `${bytes}:${u.slice(0, u.length - 8)}`;
}

export interface PrefixCheck {
  /** distinct prefixes, in the order their first tag comes */
  prefixes: string[];
  count: number;
  capacity: number;
  ok: boolean;
  /** the tags whose prefix comes after the capacity's first prefixes (their prefix would be a 17th, 18th...) */
  beyond: { uid: string; prefix: string }[];
}

/** Counts the distinct prefixes of these UIDs against the bridge's capacity. */
export function checkUidPrefixes(uids: Iterable<string>, capacity = BRIDGE_UID_PREFIXES): PrefixCheck {
  const index = new Map<string, number>();
  const beyond: PrefixCheck['beyond'] = [];
  for (const uid of uids) {
    const prefix = uidPrefix(uid);
    let i = index.get(prefix);
    if (i === undefined) {
      i = index.size;
      index.set(prefix, i);
    }
    if (i >= capacity) beyond.push({ uid: uid.toUpperCase(), prefix });
  }
  return { prefixes: [...index.keys()], count: index.size, capacity, ok: index.size <= capacity, beyond };
}

/** What a technician reads when the tags need more prefixes than the bridge keeps. */
export function prefixAdvice(check: PrefixCheck): string {
  return (
    `the tags use ${check.count} distinct UID prefixes, the reader bridge keeps ${check.capacity}: ` +
    `beyond them a tag can go unread (ERR OVERRUN). Enroll decks and chips from one production lot each ` +
    `(tags of a lot share their first bytes), or split them between tables' registries`
  );
}
