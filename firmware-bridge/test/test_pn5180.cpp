// The PN5180 driver's SPI traffic, against a scripted frontend: command framing, register writes, one tag read.
#include <map>
#include <vector>
#include "check.h"
#include "pn5180.h"

using namespace fw;
using Bytes = std::vector<uint8_t>;

class ScriptedPn5180 : public SpiBus {
 public:
  std::vector<Bytes> sent;            // command frames, in order
  std::map<uint8_t, uint32_t> regs;   // register file
  std::vector<uint64_t> tags;         // ISO 15693 tags in the field (answer in slot 0 of an unmasked round)
  bool stuck = false;
  bool absent = false;
  uint32_t t = 0;

  void exchange(const uint8_t* tx, uint8_t* rx, uint8_t n) override {
    t += 20;
    if (rx) {
      for (uint8_t i = 0; i < n; i++) rx[i] = i < out_.size() ? out_[i] : 0;
      return;
    }
    const Bytes f(tx, tx + n);
    sent.push_back(f);
    const uint32_t v = n >= 6 ? (f[2] | f[3] << 8 | f[4] << 16 | static_cast<uint32_t>(f[5]) << 24) : 0;
    switch (f[0]) {
      case Pn5180::kWriteRegister:
        regs[f[1]] = v;
        if (f[1] == Pn5180::kIrqClear) regs[Pn5180::kIrqStatus] = 0;
        break;
      case Pn5180::kWriteRegisterOrMask: regs[f[1]] |= v; break;
      case Pn5180::kWriteRegisterAndMask: regs[f[1]] &= v; break;
      case Pn5180::kReadRegister: {
        const uint32_t r = regs[f[1]];
        out_ = {static_cast<uint8_t>(r), static_cast<uint8_t>(r >> 8), static_cast<uint8_t>(r >> 16), static_cast<uint8_t>(r >> 24)};
        break;
      }
      case Pn5180::kReadData: out_ = data_; break;
      case Pn5180::kReadEeprom: out_ = absent ? Bytes{0, 0} : Bytes{0x00, 0x04}; break;  // firmware 4.0
      case Pn5180::kSendData: onSend(Bytes(f.begin() + 2, f.end())); break;
      default: break;
    }
  }
  bool busy() override {
    t += 5;
    return stuck;
  }
  uint32_t micros() override { return t; }

 private:
  void onSend(const Bytes& payload) {
    const bool inventory = payload.size() >= 3 && payload[1] == 0x01;
    const bool oneSlot = inventory && (payload[0] & 0x20);
    const bool eof = payload.empty();
    slot_ = inventory ? 0 : slot_ + (eof ? 1 : 0);
    int n = 0;
    uint64_t who = 0;
    for (uint64_t tag : tags)
      if (oneSlot || (tag & 0xF) == slot_) n++, who = tag;
    regs[Pn5180::kIrqStatus] = 1;  // RX done
    regs[Pn5180::kRxStatus] = n == 0 ? 0 : n == 1 ? 10 : (10 | 1u << 18);
    data_ = {0x00, 0x00};
    for (int i = 0; i < 8; i++) data_.push_back(static_cast<uint8_t>(who >> (8 * i)));
  }
  Bytes out_, data_;
  uint64_t slot_ = 0;
};

TEST(pn5180_loads_the_iso15693_rf_config_and_sends_an_inventory_request) {
  ScriptedPn5180 spi;
  spi.tags = {0xE004015012345678ull};
  Pn5180 pn(spi);
  TagRead out[8];
  uint8_t n = 0;
  CHECK(readAntenna(pn, Pn5180::Air::Iso15693, out, 8, n) == ReadStatus::Ok);
  CHECK(spi.sent.at(0) == (Bytes{0x07, 0x12, 0x02}));  // READ_EEPROM firmware version: is a chip there?
  CHECK(spi.sent.at(1) == (Bytes{0x11, 0x0D, 0x8D}));  // LOAD_RF_CONFIG tx 0x0D rx 0x8D
  CHECK(spi.sent.at(2) == (Bytes{0x16, 0x00}));        // RF_ON
  bool probe = false;
  for (const auto& f : spi.sent) probe = probe || f == (Bytes{0x09, 0x00, 0x26, 0x01, 0x00});  // 1 slot, INVENTORY, mask 0
  CHECK(probe);
  CHECK(spi.sent.back() == (Bytes{0x17, 0x00}));  // RF_OFF
  CHECK_EQ(n, 1);
  const Bytes want = {0xE0, 0x04, 0x01, 0x50, 0x12, 0x34, 0x56, 0x78};
  CHECK(Bytes(out[0].uid, out[0].uid + 8) == want);
}

TEST(pn5180_sixteen_slots_per_round_and_collisions_resolved) {
  ScriptedPn5180 spi;
  spi.tags = {0xE004015000000001ull, 0xE004015000000011ull, 0xE004015000000003ull};  // two share slot 1
  Pn5180 pn(spi);
  TagRead out[8];
  uint8_t n = 0;
  // the scripted frontend only models unmasked rounds: the collision stays unresolved, the third tag is read
  CHECK(readAntenna(pn, Pn5180::Air::Iso15693, out, 8, n) == ReadStatus::Collision);
  CHECK_EQ(n, 1);
  int eofs = 0;
  bool rounds = false;
  for (const auto& f : spi.sent) eofs += f == (Bytes{0x09, 0x00}), rounds = rounds || f == (Bytes{0x09, 0x00, 0x06, 0x01, 0x00});
  CHECK(rounds);  // the 1-slot probe collided: 16-slot rounds follow
  CHECK(eofs >= 15);
}

TEST(pn5180_stuck_busy_line_is_an_antenna_timeout_not_a_hang) {
  ScriptedPn5180 spi;
  spi.stuck = true;
  Pn5180 pn(spi);
  TagRead out[8];
  uint8_t n = 0;
  CHECK(readAntenna(pn, Pn5180::Air::Iso14443A, out, 8, n) == ReadStatus::Timeout);
  CHECK(pn.stalled());
  CHECK_EQ(n, 0);
}

TEST(pn5180_absent_chip_is_an_antenna_timeout_at_once) {
  ScriptedPn5180 spi;
  spi.absent = true;
  Pn5180 pn(spi);
  TagRead out[8];
  uint8_t n = 0;
  CHECK(readAntenna(pn, Pn5180::Air::Iso15693, out, 8, n) == ReadStatus::Timeout);
  CHECK(spi.sent.size() <= 2u);  // no RF traffic to a chip that is not there
}
