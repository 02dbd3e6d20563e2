// Player search by part of a name, accent- and case-insensitive: "jose" finds "José Núñez", "nunez" too, and so does
// "JOSÉ N". Shared by the room's archive search (src/room/archive.ts), the room view's player finder
// (web/src/room.ts) and the floor view's (web/src/playerSearch.ts).

/** A name folded for search: decomposed (NFD), marks removed, ligatures opened, lower case, spaces collapsed. */
export function foldName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[\s\-'’.]+/g, ' ')
    .trim();
}

/** Does `name` match the searched `part` (a part of the name, accents and case optional)? Empty never matches. */
export function nameMatches(name: string, part: string): boolean {
  const q = foldName(part);
  return q !== '' && foldName(name).includes(q);
}
