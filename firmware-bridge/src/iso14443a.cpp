#include "iso14443a.h"
#include "config.h"

namespace fw {

namespace {

const uint8_t kCascadeTag = 0x88;
const uint8_t kSakCascade = 0x04;

// Resolves one card's CLn at `level`; false if the card vanished or a frame was corrupt.
bool resolveLevel(Iso14443Air& air, uint8_t level, uint8_t cl[5]) {
  uint8_t known[5] = {0, 0, 0, 0, 0};
  uint8_t bits = 0;
  for (uint8_t guard = 0; guard < 40; guard++) {
    uint8_t got[5];
    uint8_t coll = 0xFF;
    if (!air.anticollision(level, known, bits, got, coll)) return false;
    if (coll == 0xFF) {
      for (uint8_t i = 0; i < 5; i++) cl[i] = got[i];
      return (cl[0] ^ cl[1] ^ cl[2] ^ cl[3]) == cl[4];  // BCC
    }
    if (coll < bits || coll >= 40) return false;
    // keep what all cards agreed on, then follow the cards whose colliding bit is 1
    for (uint8_t i = 0; i < 5; i++) known[i] = got[i];
    known[coll / 8] |= static_cast<uint8_t>(1u << (coll % 8));
    const uint8_t keep = (coll % 8) + 1;
    known[coll / 8] &= static_cast<uint8_t>((1u << keep) - 1);
    for (uint8_t i = coll / 8 + 1; i < 5; i++) known[i] = 0;
    bits = coll + 1;
  }
  return false;
}

}  // namespace

InventoryResult inventory14443a(Iso14443Air& air, TagSink& sink, uint8_t max) {
  InventoryResult res{0, false, false, false};
  // each pass reads one card and halts it; a table antenna never holds more than a few cards
  for (uint8_t pass = 0; pass < max; pass++) {
    if (!air.request()) return res;
    TagRead t;
    t.uidLen = 0;
    bool ok = true;
    for (uint8_t level = 1; level <= 3 && ok; level++) {
      uint8_t cl[5];
      uint8_t sak = 0;
      ok = resolveLevel(air, level, cl) && air.select(level, cl, sak);
      if (!ok) break;
      const bool more = (sak & kSakCascade) != 0;
      for (uint8_t i = more ? 1 : 0; i < 4; i++)
        if (t.uidLen < kUidMaxBytes) t.uid[t.uidLen++] = cl[i];
        else t.uidLen = kUidMaxBytes + 1;  // 10-byte UID: no room in a frame
      if (!more) break;
      ok = cl[0] == kCascadeTag;
    }
    if (!ok) {
      res.unresolved = true;
      return res;
    }
    air.halt();
    if (t.uidLen > kUidMaxBytes) {  // parked: a frame has no room for it, so the antenna reports FOREIGN_TAG
      res.foreign = true;
      continue;
    }
    if (!sink.tag(t.uid, t.uidLen)) {
      res.overflow = true;
      return res;
    }
    res.count++;
  }
  res.unresolved = true;  // still answering after `max` cards
  return res;
}

}  // namespace fw
