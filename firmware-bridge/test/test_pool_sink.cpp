// The bridge's sink over the presence pool, and the chips of a scan under way reported while it runs (issue 26).
#include <set>
#include <string>
#include <vector>
#include "check.h"
#include "presence.h"
#include "tag_sets.h"

using namespace fw;
using fw_test::hex;

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
