// Anticollision of the two air interfaces against simulated fields full of tags.
#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include "check.h"
#include "iso14443a.h"
#include "iso15693.h"

using namespace fw;

static std::string hex(const uint8_t* b, uint8_t n) {
  std::string s;
  char t[3];
  for (uint8_t i = 0; i < n; i++) std::snprintf(t, sizeof t, "%02X", b[i]), s += t;
  return s;
}

// Vicinity tags answer in the slot given by the 4 UID bits above the mask.
class Field15693 : public Iso15693Air {
 public:
  std::vector<uint64_t> tags;
  int rounds = 0;
  int longestMask = 0;
  Slot inventoryStart(uint8_t maskLen, uint64_t mask, uint8_t uid[8]) override {
    rounds++;
    if (maskLen > longestMask) longestMask = maskLen;
    maskLen_ = maskLen;
    mask_ = mask;
    slot_ = 0;
    return answer(uid);
  }
  Slot nextSlot(uint8_t uid[8]) override {
    slot_++;
    return answer(uid);
  }
  Slot inventoryOne(uint8_t uid[8]) override {
    probes++;
    if (tags.size() == 1)
      for (int i = 0; i < 8; i++) uid[i] = static_cast<uint8_t>(tags[0] >> (8 * i));
    return tags.empty() ? Slot::Empty : tags.size() == 1 ? Slot::One : Slot::Collision;
  }
  int probes = 0;

 private:
  Slot answer(uint8_t uid[8]) {
    const uint64_t low = maskLen_ == 0 ? 0 : (maskLen_ >= 64 ? ~0ull : (1ull << maskLen_) - 1);
    int n = 0;
    uint64_t who = 0;
    for (uint64_t t : tags)
      if ((t & low) == mask_ && ((t >> maskLen_) & 0xF) == slot_) n++, who = t;
    if (n == 1)
      for (int i = 0; i < 8; i++) uid[i] = static_cast<uint8_t>(who >> (8 * i));
    return n == 0 ? Slot::Empty : n == 1 ? Slot::One : Slot::Collision;
  }
  uint8_t maskLen_ = 0;
  uint64_t mask_ = 0;
  uint64_t slot_ = 0;
};

// Collects reads like the bridge's presence table does (duplicates once), up to `max`.
struct SetSink : TagSink {
  explicit SetSink(size_t m) : max(m) {}
  size_t max;
  std::set<std::string> got;
  bool tag(const uint8_t* uid, uint8_t len) override {
    const std::string h = hex(uid, len);
    if (got.count(h)) return true;
    if (got.size() == max) return false;
    got.insert(h);
    return true;
  }
};

static std::set<std::string> read15693(Field15693& f, size_t max, InventoryResult& r) {
  SetSink sink(max);
  r = inventory15693(f, sink);
  return sink.got;
}

static std::string printed(uint64_t uid) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llX", static_cast<unsigned long long>(uid));
  return b;
}

TEST(iso15693_reads_a_stack_of_twenty_chips) {
  std::mt19937_64 rng(7);
  Field15693 f;
  std::set<std::string> want;
  for (int i = 0; i < 20; i++) {
    const uint64_t uid = 0xE004015000000000ull | (rng() & 0xFFFFFFFFull);
    f.tags.push_back(uid);
    want.insert(printed(uid));
  }
  InventoryResult r;
  const auto got = read15693(f, 32, r);
  CHECK(got == want);
  CHECK(!r.overflow && !r.unresolved);
  CHECK(f.rounds > 1);  // twenty tags in sixteen slots collide at least once
}

TEST(iso15693_separates_uids_that_differ_only_in_their_top_bit) {
  Field15693 f;
  f.tags = {0xE004015012345678ull, 0x6004015012345678ull};
  InventoryResult r;
  const auto got = read15693(f, 8, r);
  CHECK_EQ(got.size(), 2u);
  CHECK(got.count("E004015012345678") == 1);
  CHECK(!r.unresolved);
}

TEST(iso15693_resolves_a_stack_of_sixty_chips_with_multi_byte_masks) {
  std::mt19937_64 rng(60);
  Field15693 f;
  std::set<std::string> want;
  for (int i = 0; i < 60; i++) {
    const uint64_t uid = 0xE004015000000000ull | (rng() & 0xFFFFFFFFull);
    f.tags.push_back(uid);
    want.insert(printed(uid));
  }
  // two chips sharing their low 20 bits: only a mask of 3 bytes and more tells them apart
  f.tags.push_back(0xE004015012345678ull);
  f.tags.push_back(0xE004015099945678ull);
  want.insert("E004015012345678");
  want.insert("E004015099945678");
  InventoryResult r;
  const auto got = read15693(f, 120, r);
  CHECK(got == want);
  CHECK(!r.overflow && !r.unresolved);
  CHECK(f.longestMask >= 20);  // a 20-bit mask goes out as 3 bytes
}

// Two readers' inventories in lockstep, as BoardHal::lockstep drives them: each round slot by slot side by side,
// the second inventory's UIDs held and delivered after the round. Both stacks read exactly, as step() reads them.
TEST(iso15693_two_inventories_in_lockstep_rounds_read_both_stacks_exactly) {
  std::mt19937_64 rng(7);
  Field15693 fa, fb;
  std::set<std::string> wantA, wantB;
  for (int i = 0; i < 40; i++) {
    const uint64_t u = 0xE004015000000000ull | (rng() & 0xFFFFFFFFull);
    fa.tags.push_back(u);
    wantA.insert(printed(u));
  }
  for (int i = 0; i < 25; i++) {
    const uint64_t u = 0xE004015100000000ull | (rng() & 0xFFFFFFFFull);
    fb.tags.push_back(u);
    wantB.insert(printed(u));
  }
  SetSink sa(120), sb(120);
  Inventory15693 a, b;
  a.begin();
  b.begin();
  bool doneA = a.step(fa, sa), doneB = b.step(fb, sb);  // the probes: both collide, rounds follow
  CHECK(a.inRounds() && b.inRounds());
  int paired = 0;
  while (!doneA || !doneB) {
    if (doneA || doneB || !a.inRounds() || !b.inRounds()) {  // one finished: the other goes on alone
      if (!doneA) doneA = a.step(fa, sa);
      if (!doneB) doneB = b.step(fb, sb);
      continue;
    }
    paired++;
    std::vector<std::vector<uint8_t>> held;
    const uint8_t lenA = a.roundMaskLen(), lenB = b.roundMaskLen();
    const uint64_t mA = a.roundMask(), mB = b.roundMask();
    for (uint8_t s = 0; s < 16; s++) {
      uint8_t uid[8];
      const Slot ra = s == 0 ? fa.inventoryStart(lenA, mA, uid) : fa.nextSlot(uid);
      a.roundSlot(ra, uid, &sa);
      const Slot rb = s == 0 ? fb.inventoryStart(lenB, mB, uid) : fb.nextSlot(uid);
      if (rb == Slot::One) held.push_back(std::vector<uint8_t>(uid, uid + 8));
      b.roundSlot(rb, uid, nullptr);
    }
    doneB = b.roundEnd();
    doneA = a.roundEnd();
    for (const auto& u : held) b.deliver(sb, u.data());
  }
  CHECK(paired >= 2);
  CHECK(sa.got == wantA);
  CHECK(sb.got == wantB);
  CHECK_EQ(a.result().count, 40);
  CHECK_EQ(b.result().count, 25);
  CHECK(!a.result().unresolved && !b.result().unresolved);
}

TEST(iso15693_reports_overflow_past_max) {
  Field15693 f;
  for (uint64_t i = 0; i < 10; i++) f.tags.push_back(0xE004015000000000ull + i * 0x1111);
  InventoryResult r;
  const auto got = read15693(f, 8, r);
  CHECK_EQ(got.size(), 8u);
  CHECK(r.overflow);
}

// Proximity cards: idle -> (REQA) ready -> (SELECT) active -> (HLTA) halted; bit-level collisions.
class Field14443 : public Iso14443Air {
 public:
  struct Card {
    std::vector<uint8_t> uid;
    int state = 0;  // 0 idle, 1 ready, 2 active, 3 halted
    int level = 1;
  };
  std::vector<Card> cards;

  bool request() override {
    bool any = false;
    for (auto& c : cards)
      if (c.state == 0 || c.state == 1) c.state = 1, c.level = 1, any = true;
    return any;
  }
  bool anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5], uint8_t& coll) override {
    std::vector<std::vector<uint8_t>> answers;
    for (auto& c : cards) {
      if (c.state != 1 || c.level != level) continue;
      const auto cl = clOf(c, level);
      bool match = true;
      for (uint8_t b = 0; b < knownBits; b++)
        if (bit(cl.data(), b) != bit(known, b)) match = false;
      if (match) answers.push_back(cl);
    }
    if (answers.empty()) return false;
    coll = 0xFF;
    for (uint8_t b = 0; b < 40 && coll == 0xFF; b++)
      for (const auto& a : answers)
        if (bit(a.data(), b) != bit(answers[0].data(), b)) coll = b;
    for (int i = 0; i < 5; i++) got[i] = answers[0][i];
    if (coll != 0xFF) {  // bits from the collision on are noise: give only the agreed part
      got[coll / 8] &= static_cast<uint8_t>((1u << (coll % 8)) - 1);
      for (int i = coll / 8 + 1; i < 5; i++) got[i] = 0;
    }
    return true;
  }
  bool select(uint8_t level, const uint8_t uid[5], uint8_t& sak) override {
    for (auto& c : cards) {
      if (c.state != 1 || c.level != level || clOf(c, level) != std::vector<uint8_t>(uid, uid + 5)) continue;
      const bool more = (level == 1 && c.uid.size() > 4) || (level == 2 && c.uid.size() > 7);
      sak = more ? 0x04 : 0x00;
      if (more) c.level++;
      else c.state = 2;
      for (auto& o : cards)  // the others drop back to idle on a SELECT not theirs
        if (&o != &c && o.state == 1) o.state = 0;
      return true;
    }
    return false;
  }
  void halt() override {
    for (auto& c : cards)
      if (c.state == 2) c.state = 3;
  }

 private:
  static int bit(const uint8_t* b, uint8_t i) { return (b[i / 8] >> (i % 8)) & 1; }
  static std::vector<uint8_t> clOf(const Card& c, int level) {
    std::vector<uint8_t> cl;
    const auto& u = c.uid;
    if (u.size() == 4) cl = {u[0], u[1], u[2], u[3]};
    else if (level == 1) cl = {0x88, u[0], u[1], u[2]};
    else if (u.size() == 7 || level == 3) cl = {u[u.size() - 4], u[u.size() - 3], u[u.size() - 2], u[u.size() - 1]};
    else cl = {0x88, u[3], u[4], u[5]};
    cl.push_back(static_cast<uint8_t>(cl[0] ^ cl[1] ^ cl[2] ^ cl[3]));
    return cl;
  }
};

TEST(iso14443a_reads_two_hole_cards_with_seven_byte_uids) {
  Field14443 f;
  f.cards.push_back({{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6}});
  f.cards.push_back({{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF7}});  // differs in the very last bit
  SetSink sink(4);
  const auto r = inventory14443a(f, sink);
  CHECK_EQ(r.count, 2);
  CHECK(!r.unresolved && !r.overflow && !r.foreign);
  CHECK(sink.got == (std::set<std::string>{"04A1B2C3D4E5F6", "04A1B2C3D4E5F7"}));
}

TEST(iso14443a_reads_mixed_uid_sizes_and_stops_when_the_field_is_empty) {
  Field14443 f;
  f.cards.push_back({{0x11, 0x22, 0x33, 0x44}});
  f.cards.push_back({{0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60}});
  f.cards.push_back({{0x04, 0x10, 0x20, 0x31, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90}});
  SetSink sink(4);
  const auto r = inventory14443a(f, sink);
  CHECK_EQ(r.count, 2);  // the triple-size (10-byte) UID has no place in a frame: read, parked, left out...
  CHECK(r.foreign);      // ...and said: the bridge sends ERR,<a>,FOREIGN_TAG
  CHECK(!r.unresolved && !r.overflow);
  CHECK(sink.got.count("11223344") == 1);
  CHECK(sink.got.count("04102030405060") == 1);
  CHECK(f.cards[2].state == 3);
  Field14443 empty;
  SetSink none(4);
  CHECK_EQ(inventory14443a(empty, none).count, 0);
}

TEST(iso14443a_a_ten_byte_uid_sharing_cascade_level_1_with_two_hole_cards) {
  Field14443 f;
  f.cards.push_back({{0x04, 0xA1, 0x00, 0x00, 0x10, 0x1F, 0x88}});
  f.cards.push_back({{0x04, 0xA1, 0x00, 0x00, 0x10, 0x23, 0x79}});
  f.cards.push_back({{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6, 0x07, 0x18, 0x29}});
  SetSink sink(4);
  const auto r = inventory14443a(f, sink);
  CHECK_EQ(r.count, 2);
  CHECK(r.foreign && !r.unresolved && !r.overflow);
  CHECK(sink.got == (std::set<std::string>{"04A10000101F88", "04A10000102379"}));
}

// A fold: both hole cards lifted at the k-th cascade frame (ANTICOLLISION or SELECT) of the first pass, or that
// frame's answer damaged (cut short) `damage` times.
class FoldField : public Field14443 {
 public:
  int liftAt = 0, damage = 0, frames = 0;
  bool lift() {
    if (++frames != liftAt) return false;
    cards.clear();
    return true;
  }
  bool anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5], uint8_t& coll) override {
    lift();
    if (damage > 0) {
      damage--;
      coll = kDamaged;
      return true;
    }
    return Field14443::anticollision(level, known, knownBits, got, coll);
  }
  bool select(uint8_t level, const uint8_t uid[5], uint8_t& sak) override {
    lift();
    return Field14443::select(level, uid, sak);
  }
};

TEST(iso14443a_cards_lifted_mid_anticollision_end_the_scan_cleanly_not_as_a_collision) {
  for (int k = 1; k <= 7; k++) {  // every cascade frame of both passes
    FoldField f;
    f.cards.push_back({{0x04, 0xA1, 0x00, 0x00, 0x10, 0x2F, 0x4C}});
    f.cards.push_back({{0x04, 0xA1, 0x00, 0x00, 0x10, 0x33, 0x3D}});
    f.liftAt = k;
    SetSink sink(4);
    const auto r = inventory14443a(f, sink);
    CHECK(!r.unresolved);  // ISO/IEC 14443-3: no answer, back to REQA; the REQA finds nobody: the seat is empty
    CHECK(!r.overflow && !r.foreign);
    CHECK(r.count <= 1);
  }
}

TEST(iso14443a_a_damaged_answer_is_read_again_from_reqa_and_only_repeated_damage_is_unresolved) {
  FoldField f;
  f.cards.push_back({{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6}});
  f.cards.push_back({{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF7}});
  f.damage = 2;
  SetSink sink(4);
  auto r = inventory14443a(f, sink);
  CHECK_EQ(r.count, 2);
  CHECK(!r.unresolved);
  FoldField g;
  g.cards = f.cards;
  for (auto& c : g.cards) c.state = 0;
  g.damage = 3;
  SetSink sink2(4);
  r = inventory14443a(g, sink2);
  CHECK(r.unresolved);  // a card that keeps answering damaged frames: ERR COLLISION, its tags kept
}

// A sink that knows the tags its antenna held (the bridge's AntennaSink over the presence pool) and counts frames.
struct KnownSink : SetSink {
  explicit KnownSink(std::vector<std::vector<uint8_t>> k) : SetSink(8), held(std::move(k)) {}
  std::vector<std::vector<uint8_t>> held;
  bool known(uint16_t& cursor, TagRead& out) override {
    if (cursor >= held.size()) return false;
    const auto& u = held[cursor++];
    out.uidLen = static_cast<uint8_t>(u.size());
    std::copy(u.begin(), u.end(), out.uid);
    return true;
  }
};
class CountingField : public Field14443 {
 public:
  int anticollisions = 0, selects = 0;
  bool anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5], uint8_t& coll) override {
    anticollisions++;
    return Field14443::anticollision(level, known, knownBits, got, coll);
  }
  bool select(uint8_t level, const uint8_t uid[5], uint8_t& sak) override {
    selects++;
    return Field14443::select(level, uid, sak);
  }
};

TEST(iso14443a_known_cards_are_checked_by_select_of_their_uid_without_anticollision) {
  const std::vector<uint8_t> a = {0x04, 0xA1, 0x00, 0x00, 0x10, 0x2F, 0x4C}, b = {0x04, 0xA1, 0x00, 0x00, 0x10, 0x33, 0x3D};
  CountingField f;
  f.cards.push_back({a});
  f.cards.push_back({b});
  KnownSink sink({a, b});
  const auto r = inventory14443a(f, sink);
  CHECK_EQ(r.count, 2);
  CHECK(!r.unresolved && !r.overflow && !r.foreign);
  CHECK_EQ(f.anticollisions, 0);  // REQA, SELECT CL1, SELECT CL2, HLTA a card; one REQA more finds the field empty
  CHECK_EQ(f.selects, 4);
  CHECK(sink.got == (std::set<std::string>{"04A10000102F4C", "04A1000010333D"}));
}

TEST(iso14443a_a_known_card_gone_and_a_new_one_placed_the_new_one_by_anticollision) {
  const std::vector<uint8_t> gone = {0x04, 0xA1, 0x00, 0x00, 0x10, 0x2F, 0x4C}, kept = {0x04, 0xA1, 0x00, 0x00, 0x10, 0x33, 0x3D};
  CountingField f;
  f.cards.push_back({kept});
  f.cards.push_back({{0x04, 0xA1, 0x00, 0x00, 0x10, 0x37, 0x2E}});  // new, shares CL1 with both
  f.cards.push_back({{0x11, 0x22, 0x33, 0x44}});                    // new, a 4-byte UID
  KnownSink sink({gone, kept, {0x55, 0x66, 0x77, 0x88}});           // a 4-byte card known but gone too
  const auto r = inventory14443a(f, sink);
  CHECK_EQ(r.count, 3);
  CHECK(!r.unresolved && !r.overflow && !r.foreign);
  CHECK(f.anticollisions > 0);
  CHECK(sink.got == (std::set<std::string>{"04A1000010333D", "04A1000010372E", "11223344"}));
  for (const auto& c : f.cards) CHECK_EQ(c.state, 3);  // every card read was halted
}

TEST(iso15693_empty_or_single_tag_antenna_costs_one_probe) {
  Field15693 f;
  InventoryResult r;
  CHECK(read15693(f, 8, r).empty());
  CHECK_EQ(f.rounds, 0);
  f.tags = {0xE004015012345678ull};
  CHECK(read15693(f, 8, r).count("E004015012345678") == 1);
  CHECK_EQ(f.rounds, 0);
  CHECK_EQ(f.probes, 2);
}

// The bridge's sink over the presence pool: the tags an antenna held come back by known(), and a tag() of the one
// just returned lands in its slot (no pool search); a card resolved otherwise still goes through tag().
TEST(antenna_sink_known_tags_of_the_pool_and_their_reads) {
  struct Events : PresenceSink {
    int arrived = 0, left = 0;
    void tagArrived(uint8_t, const TagRead&, char) override { arrived++; }
    void tagLeft(uint8_t, const TagRead&) override { left++; }
  } ev;
  static Presence p;  // ~3.6 KB: not on the stack
  TagRead held[2] = {{{0x04, 0xA1, 0x00, 0x00, 0x10, 0x2F, 0x4C}, 7}, {{0x04, 0xA1, 0x00, 0x00, 0x10, 0x33, 0x3D}, 7}};
  const TagRead other = {{0x11, 0x22, 0x33, 0x44}, 4};
  for (uint32_t t : {100u, 150u}) {  // two reads each: reported (the latch of scans that were not clean)
    p.scanned(2, &other, 1, '-', t, ev);  // another antenna's tag: never one of antenna 3's known
    p.scanned(3, held, 2, '-', t, ev);
  }
  CHECK_EQ(ev.arrived, 3);
  p.begin(3, '-');
  AntennaSink sink(p, 3);
  uint16_t cursor = 0;
  TagRead k;
  std::set<std::string> seen;
  while (sink.known(cursor, k)) {
    seen.insert(hex(k.uid, k.uidLen));
    CHECK(sink.tag(k.uid, k.uidLen));
  }
  CHECK(seen == (std::set<std::string>{"04A10000102F4C", "04A1000010333D"}));
  cursor = 0;
  CHECK(!sink.known(cursor, k));  // both read by this scan: none left to check
  CHECK(p.end(3, 200, true, ev, true) == false);
  CHECK_EQ(ev.left, 0);
  CHECK_EQ(p.reportedCount(3), 2);
  CHECK_EQ(p.used(), 3);
}

// Chips a scan under way has read are reported by reportFresh while the scan goes on (issue 26: a push reported as
// its inventory reads it), each once, up to the number asked for; cards wait for their scan's end (their latch).
TEST(presence_reports_chips_of_a_scan_under_way_once_and_leaves_cards_to_its_end) {
  struct Events : PresenceSink {
    std::vector<std::string> arrived;
    int left = 0;
    void tagArrived(uint8_t a, const TagRead& t, char) override { arrived.push_back(std::to_string(a) + ":" + hex(t.uid, t.uidLen)); }
    void tagLeft(uint8_t, const TagRead&) override { left++; }
  } ev;
  static Presence p;
  uint8_t chip[8] = {0xE0, 0x04, 0x01, 0x50, 0x00, 0x00, 0x00, 0x01};
  const uint8_t card[7] = {0x04, 0xA1, 0x00, 0x00, 0x10, 0x2F, 0x4C};
  p.begin(12, '-');
  p.begin(3, '-');
  CHECK(!p.fresh());
  for (uint8_t i = 1; i <= 3; i++) {
    chip[7] = i;
    CHECK(p.tag(12, chip, 8));
  }
  CHECK(p.tag(12, chip, 8));  // read again in the same scan: not fresh twice
  CHECK(p.tag(3, card, 7));
  CHECK(p.fresh());
  CHECK_EQ(p.reportFresh(ev, 2), 2);  // room for two frames: two now, the third later
  CHECK(p.fresh());
  CHECK_EQ(p.reportFresh(ev, 8), 1);
  CHECK(!p.fresh());
  CHECK(ev.arrived == (std::vector<std::string>{"12:E004015000000001", "12:E004015000000002", "12:E004015000000003"}));
  CHECK_EQ(p.reportedCount(12), 3);
  CHECK_EQ(p.reportedCount(3), 0);  // the card: at its scan's end, not here
  CHECK(p.end(12, 100, true, ev, true) == false);
  CHECK_EQ(ev.arrived.size(), 3u);  // the chips' end reports nothing again
  p.end(3, 100, true, ev, true);
  CHECK_EQ(ev.arrived.size(), 4u);
  CHECK_EQ(ev.left, 0);
}
