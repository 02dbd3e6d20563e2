// ISO 14443A anticollision against simulated fields full of cards: cascade levels, collisions, folds, known cards.
#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include "check.h"
#include "iso14443a.h"
#include "tag_sets.h"

using namespace fw;
using fw_test::hex;
using fw_test::SetSink;

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
