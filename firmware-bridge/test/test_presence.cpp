// The compact tag pool (issue 26): 8-byte records, the UID's last 4 bytes and an index into 16 shared prefixes.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>
#include "check.h"
#include "presence.h"

using namespace fw;

namespace {
struct Log : PresenceSink {
  std::vector<std::string> arrived, left;
  static std::string hex(const TagRead& t) {
    static const char* d = "0123456789ABCDEF";
    std::string s;
    for (uint8_t i = 0; i < t.uidLen; i++) s += d[t.uid[i] >> 4], s += d[t.uid[i] & 15];
    return s;
  }
  void tagArrived(uint8_t a, const TagRead& t, char face) override {
    arrived.push_back(std::to_string(a) + ":" + hex(t) + ":" + face);
  }
  void tagLeft(uint8_t a, const TagRead& t) override { left.push_back(std::to_string(a) + ":" + hex(t)); }
};

TagRead uid(std::initializer_list<uint8_t> b) {
  TagRead t{};
  for (uint8_t x : b) t.uid[t.uidLen++] = x;
  return t;
}
// An 8-byte chip UID of order `order` (its first 4 bytes) and serial `n`.
TagRead chip(uint8_t order, uint32_t n) {
  return uid({0xE0, 0x04, 0x01, order, uint8_t(n >> 24), uint8_t(n >> 16), uint8_t(n >> 8), uint8_t(n)});
}
}  // namespace

TEST(pool_tags_keep_their_whole_uid_for_4_7_and_8_byte_uids) {
  static Presence p;  // static: 3 KB
  p = Presence();
  Log log;
  const TagRead reads[] = {uid({0x01, 0x02, 0x03, 0x04}), uid({0x04, 0xA1, 0x00, 0x11, 0x22, 0x33, 0x44}),
                           chip(0x50, 0x11223344)};
  CHECK(!p.scanned(3, reads, 3, 'D', 1000, log));
  CHECK(!p.scanned(3, reads, 3, 'D', 1100, log));  // cards: 2 reads where the scan was not called clean
  CHECK_EQ(log.arrived.size(), 3u);
  CHECK(log.arrived == (std::vector<std::string>{"3:E004015011223344:D", "3:01020304:D", "3:04A10011223344:D"}));
  const TagSlot* inv[8];
  CHECK_EQ(p.reported(3, inv, 0, 8), 3);
  TagRead back{};
  p.uidOf(*inv[1], back);
  CHECK_EQ(back.uidLen, 7);
  CHECK(std::memcmp(back.uid, reads[1].uid, 7) == 0);
  CHECK_EQ(p.prefixesUsed(), 3);
  CHECK_EQ(sizeof(TagSlot), 8u);
}

TEST(same_last_4_bytes_under_two_prefixes_are_two_tags) {
  static Presence p;
  p = Presence();
  Log log;
  const TagRead reads[] = {chip(0x50, 7), chip(0x51, 7), uid({0x00, 0x00, 0x00, 0x07})};
  p.scanned(12, reads, 3, '-', 0, log);
  CHECK_EQ(p.used(), 3);
  CHECK_EQ(p.reportedCount(12), 2);  // the chips after 1 read, the 4-byte card not yet
  p.scanned(12, reads, 3, '-', 100, log);
  CHECK_EQ(p.reportedCount(12), 3);
  CHECK(log.arrived == (std::vector<std::string>{"12:E004015000000007:-", "12:E004015100000007:-", "12:00000007:-"}));
  CHECK_EQ(p.used(), 3);
}

TEST(a_17th_prefix_is_an_overrun_while_all_16_are_held_and_fits_once_one_is_free) {
  static Presence p;
  p = Presence();
  Log log;
  std::vector<TagRead> reads;
  for (uint8_t o = 0; o < kPrefixes; o++) reads.push_back(chip(o, o));
  p.begin(10, '-');
  for (auto& r : reads) CHECK(p.tag(10, r.uid, r.uidLen));
  const TagRead extra = chip(0xF0, 99);
  CHECK(!p.tag(10, extra.uid, extra.uidLen));  // no room for its prefix: the antenna overruns, nothing silent
  CHECK(p.end(10, 0, true, log));
  CHECK_EQ(p.used(), kPrefixes);
  // the chip of order 0 leaves (unread by complete scans for 400 ms): its prefix goes at the next new one
  for (uint32_t t = 100; t <= 600; t += 100) {
    p.begin(10, '-');
    for (size_t i = 1; i < reads.size(); i++) p.tag(10, reads[i].uid, reads[i].uidLen);
    p.end(10, t, true, log);
  }
  CHECK(log.left == (std::vector<std::string>{"10:E004010000000000"}));
  p.begin(10, '-');
  CHECK(p.tag(10, extra.uid, extra.uidLen));
  CHECK(!p.end(10, 700, false, log));
  CHECK_EQ(p.prefixesUsed(), kPrefixes);
  CHECK(log.arrived.back() == "10:E00401F000000063:-");
}

TEST(the_pool_holds_kPoolTags_chips_of_one_order_then_overruns) {
  static Presence p;
  p = Presence();
  Log log;
  for (uint16_t i = 0; i < kPoolTags; i++) {
    const uint8_t a = static_cast<uint8_t>(10 + i / kMaxTagsPerAntenna);
    const TagRead r = chip(0x50, 0x9E3779u * i);
    if (i % kMaxTagsPerAntenna == 0) p.begin(a, '-');
    CHECK(p.tag(a, r.uid, r.uidLen));
  }
  CHECK_EQ(p.used(), kPoolTags);
  CHECK_EQ(p.prefixesUsed(), 1);
  const TagRead r = chip(0x50, 0xFFFFFFFF);
  CHECK(!p.tag(19, r.uid, r.uidLen));
  CHECK_EQ(p.reportFresh(log, 255), 255);
  CHECK_EQ(p.reportFresh(log, 255), kPoolTags - 255);
  CHECK_EQ(log.arrived[1], "10:E0040150009E3779:-");
}

// The per-antenna spans (lo_/hi_, freeFrom_): tags of many antennas arriving and leaving interleaved, the pool's
// slots reused in any order; every scan's reports and every INV must match a plain set per antenna.
TEST(antenna_spans_follow_interleaved_arrivals_and_departures) {
  static Presence p;
  p = Presence();
  Log log;
  std::vector<std::vector<uint32_t>> on(6);  // the chips in each antenna's field (serials)
  std::vector<std::vector<uint32_t>> reported(6);
  uint32_t seed = 12345, next = 1, now = 1000;
  const auto rnd = [&](uint32_t n) { return (seed = seed * 1103515245u + 12345u) / 65536u % n; };
  for (int round = 0; round < 400; round++) {
    const uint8_t a = static_cast<uint8_t>(rnd(6));
    auto& f = on[a];
    const uint32_t op = rnd(10);
    if (op < 5 && f.size() < 60) {  // a few chips placed
      for (uint32_t k = 1 + rnd(8); k; k--) f.push_back(next++);
    } else if (op < 8 && !f.empty()) {  // some taken
      for (uint32_t k = 1 + rnd(static_cast<uint32_t>(f.size())); k && !f.empty(); k--) f.erase(f.begin() + rnd(static_cast<uint32_t>(f.size())));
    }
    now += 500;  // past the latch-off: a chip gone is GONE at this scan
    std::vector<TagRead> reads;
    for (uint32_t n : f) reads.push_back(chip(0x50, n));
    log.arrived.clear(), log.left.clear();
    CHECK(!p.scanned(a, reads.data(), static_cast<uint8_t>(reads.size()), '-', now, log));
    CHECK_EQ(p.reportedCount(a), static_cast<uint8_t>(f.size()));
    // what INV lists is exactly the field
    std::vector<std::string> inv, want;
    const TagSlot* slots[64];
    const uint8_t got = p.reported(a, slots, 0, 64);
    for (uint8_t i = 0; i < got; i++) {
      TagRead t{};
      p.uidOf(*slots[i], t);
      inv.push_back(Log::hex(t));
    }
    for (uint32_t n : f) want.push_back(Log::hex(chip(0x50, n)));
    std::sort(inv.begin(), inv.end()), std::sort(want.begin(), want.end());
    CHECK(inv == want);
    // each chip arrived once, each chip taken left once
    std::vector<uint32_t> was = reported[a];
    size_t arrivals = 0, departures = 0;
    for (uint32_t n : f) arrivals += std::find(was.begin(), was.end(), n) == was.end();
    for (uint32_t n : was) departures += std::find(f.begin(), f.end(), n) == f.end();
    CHECK_EQ(log.arrived.size(), arrivals);
    CHECK_EQ(log.left.size(), departures);
    reported[a] = f;
  }
  size_t held = 0;
  for (auto& f : on) held += f.size();
  CHECK_EQ(p.used(), static_cast<uint16_t>(held));
}
