// ISO 15693 anticollision against simulated fields full of chips (ISO 14443A: test_iso14443a.cpp).
#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include "check.h"
#include "iso14443a.h"
#include "iso15693.h"
#include "tag_sets.h"

using namespace fw;
using fw_test::hex;
using fw_test::SetSink;

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
