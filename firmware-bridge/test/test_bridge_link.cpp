// The bridge's link to the service on a fake table: seq and ACK, the ring and RESEND, SYNC, PING, heartbeats.
#include <cstdio>
#include <map>
#include "bridge.h"
#include "bridge_fixture.h"
#include "check.h"
#include "fake_hal.h"

using namespace fw;

TEST(seq_counts_every_frame_and_ack_releases_the_ring) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  booted(b, hal);
  for (size_t i = 0; i < hal.sent.size(); i++) CHECK_EQ(hal.sent[i].seq, static_cast<long>(i));
  CHECK_EQ(b.ring().size(), hal.sent.size());
  hal.command("0,ACK," + std::to_string(hal.sent.back().seq));
  b.poll();
  CHECK(b.ring().size() <= 1u);  // at most a frame sent during that poll
}

TEST(resend_from_a_seq_in_the_ring_repeats_the_same_lines) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  booted(b, hal);
  hal.table[2] = {kChip};
  run(b, hal, 2 * kAntennas * hal.msPerRead);
  const auto tag = hal.ofType("TAG").at(0);
  const size_t before = hal.sent.size();
  hal.command("0,RESEND," + std::to_string(tag.seq));
  b.poll();
  CHECK(hal.sent.size() > before);
  CHECK_EQ(hal.sent[before].line, tag.line);
}

TEST(resend_of_a_released_frame_gets_hello_and_full_inventory) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  booted(b, hal);
  hal.command("0,ACK,5");
  hal.command("1,RESEND,2");
  const size_t before = hal.sent.size();
  b.poll();
  CHECK(hal.sent.size() >= before + 1 + kAntennas);
  CHECK_EQ(hal.sent[before].type, std::string("HELLO"));
  CHECK_EQ(hal.sent[before + 1].type, std::string("INV"));
}

TEST(sync_and_ping_and_unknown_commands) {
  FakeHal hal;
  Bridge b(hal, 0xBEEF, "BR-T");
  booted(b, hal);
  size_t before = hal.sent.size();
  hal.command("0,SYNC");
  b.poll();
  CHECK_EQ(hal.sent.at(before).type, std::string("HELLO"));
  CHECK_EQ(hal.sent.at(before).fields.at(3), std::string("BEEF"));
  size_t invs = 0;
  for (size_t i = before; i < hal.sent.size(); i++) invs += hal.sent[i].type == "INV";
  CHECK_EQ(invs, static_cast<size_t>(kAntennas));
  before = hal.sent.size();
  hal.command("1,PING");
  hal.command("2,ZAP,1");
  b.poll();
  CHECK_EQ(hal.sent.at(before).type, std::string("HB"));
  CHECK_EQ(b.unknownCommands(), 1u);
  hal.toBridge.insert(hal.toBridge.end(), {'$', '9', ',', 'S', 'Y', 'N', 'C', '*', '0', '0', '0', '0', '\n'});
  b.poll();
  CHECK_EQ(b.reader().count(Reject::BadCrc), 1u);
}

TEST(heartbeat_every_second_reports_uptime_and_scan_cycle) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  booted(b, hal);
  run(b, hal, 3100);
  const auto hbs = hal.ofType("HB");
  CHECK(hbs.size() >= 3u && hbs.size() <= 4u);
  if (!hbs.empty()) CHECK_EQ(hbs.back().fields.at(1), std::to_string(kAntennas * hal.msPerRead));
}

TEST(ring_without_acks_drops_the_oldest_and_reports_buf_full_once) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  booted(b, hal);
  run(b, hal, 30000);  // HB + periodic INV, never acknowledged
  CHECK_EQ(b.ring().size(), static_cast<size_t>(kRingFrames));
  CHECK(b.dropped() > 0u);
  const auto errs = hal.ofType("ERR");
  CHECK_EQ(errs.size(), 1u);
  if (!errs.empty()) CHECK(errs[0].fields == (std::vector<std::string>{"-", "BUF_FULL"}));
  CHECK(hal.ofType("HB").back().fields.at(2) != "0");  // HB reports the drops
  hal.command("0,ACK," + std::to_string(hal.sent.back().seq));
  b.poll();
  run(b, hal, 30000);
  CHECK_EQ(hal.ofType("ERR").size(), 2u);  // reported again after an ACK freed room and it filled again
}

TEST(seq_wraps_after_65535) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  booted(b, hal);
  while (b.nextSeq() != 0) {
    hal.command("0,PING");
    b.poll();
    if (hal.sent.size() > 70000) break;
  }
  CHECK_EQ(b.nextSeq(), 0u);
  hal.command("0,PING");
  b.poll();
  bool sawWrap = false;
  for (size_t i = 1; i < hal.sent.size(); i++)
    if (hal.sent[i - 1].seq == 65535 && hal.sent[i].seq == 0) sawWrap = true;
  CHECK(sawWrap);
}

TEST(sync_during_warm_up_is_answered_once_the_table_has_settled) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  b.begin();
  hal.command("0,SYNC");
  b.poll();
  CHECK(hal.sent.empty());  // not settled: nothing yet, not even HELLO
  run(b, hal, 2 * kAntennas * hal.msPerRead + 1);
  CHECK_EQ(hal.ofType("HELLO").size(), 1u);  // the boot HELLO answers it: no second one
  CHECK_EQ(hal.ofType("INV").size(), static_cast<size_t>(kAntennas));
}

TEST(resend_of_the_next_seq_is_nothing_to_do) {
  FakeHal hal;
  Bridge b(hal, 1, "BR-T");
  booted(b, hal);
  hal.command("0,ACK," + std::to_string(hal.sent.back().seq));
  hal.command("1,RESEND," + std::to_string(b.nextSeq()));
  const size_t before = hal.sent.size();
  b.poll();
  CHECK(hal.ofType("HELLO").size() == 1u);
  CHECK(hal.sent.size() - before <= 1u);  // at most a periodic INV of this poll
}
