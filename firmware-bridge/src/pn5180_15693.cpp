// The PN5180 driver's ISO 15693 side: the 1-slot probe, the 16-slot rounds' slots (sent and looked at from the
// background, BoardHal::pump) and the blocking inventory exchanges (pn5180.cpp: the host interface).
#include "pn5180.h"
#include "airtime.h"
#include "pn5180_timing.h"

namespace fw {

Slot Pn5180::slotAnswer(uint32_t st, uint8_t uid[8]) {
  if (st & kRxCollision) return Slot::Collision;
  if ((st & kRxBytesMask) == 0) return Slot::Empty;
  if (st & (kRxIntegrityError | kRxProtocolError) || (st & kRxBytesMask) != 10) return Slot::Collision;
  uint8_t rx[10];
  const uint8_t rd[2] = {kReadData, 0x00};
  if (!command(rd, 2) || !read(rx, 10)) return Slot::Error;
  for (uint8_t i = 0; i < 8; i++) uid[i] = rx[2 + i];  // flags, DSFID, then the UID LSB first
  return Slot::One;
}

Slot Pn5180::inventoryStart(uint8_t maskLen, uint64_t mask, uint8_t uid[8]) {
  // flags 0x06: high data rate + inventory, 16 slots; command 0x01 INVENTORY; mask length; mask bytes
  uint8_t req[11] = {0x06, 0x01, maskLen};
  const uint8_t maskBytes = static_cast<uint8_t>((maskLen + 7) / 8);
  for (uint8_t i = 0; i < maskBytes; i++) req[3 + i] = static_cast<uint8_t>(mask >> (8 * i));
  if (maskLen % 8) req[2 + maskBytes] &= static_cast<uint8_t>((1u << (maskLen % 8)) - 1);  // pad with zeros
  uint32_t st = 0;
  const uint8_t n = static_cast<uint8_t>(3 + maskBytes);
  if (eofMode_ && !writeReg(kWriteRegister, kTxConfig, txConfig_)) return Slot::Error;
  eofMode_ = false;
  answered_ = transceive(req, n, 0, window15693(static_cast<uint8_t>(n + 2), false, 12, air::k15693T2Us), st);
  rxSeen();
  if (!answered_) return stalled_ ? Slot::Error : Slot::Empty;
  return slotAnswer(st, uid);
}

bool Pn5180::slotBegin(bool first, uint8_t maskLen, uint64_t mask) {
  if (first) {
    // TX_CONFIG back as LOAD_RF_CONFIG left it (SOF and data) for the round's request
    if (eofMode_ && !writeReg(kWriteRegister, kTxConfig, txConfig_)) return false;
    eofMode_ = false;
    const uint8_t n = static_cast<uint8_t>(3 + (maskLen + 7) / 8);
    slotWin_ = window15693(static_cast<uint8_t>(n + 2), false, 12, holdUs());
  } else {
    // EOF only for slots 1-15: TX_CONFIG written once a round, not per slot (restored by the next round's request
    // or the next LOAD_RF_CONFIG)
    const uint32_t eofOnly = txConfig_ & ~(kTxDataEnable | kTxStartSymbolMask);
    if (!eofMode_ && !writeReg(kWriteRegister, kTxConfig, eofOnly)) return false;
    eofMode_ = true;
    // window15693(0, true, 12, hold) and tightenSlot() from constants (no 32-bit division on the AVR a slot)
    const uint32_t hold = answered_ ? holdUs() : 0;
    const uint32_t sof = air::k15693EofUs + air::k15693T1MaxUs + 151 + kSlotMarginUs;
    slotWin_.sof = hold + sof;
    slotWin_.frame = hold + sof + air::answer15693Us(12) + kSlotMarginUs;
    slotWin_.end = hold + air::k15693EofUs + air::k15693T1MaxUs + air::answer15693Us(12);
    pollAfter_ = slotWin_.sof + 1;
    slotSof_ = false;
    if (send(nullptr, 0, 0)) return true;
    answered_ = false;
    return false;
  }
  tightenSlot();
  slotSof_ = false;
  bool sent;
  if (first) {
    uint8_t req[11] = {0x06, 0x01, maskLen};  // flags: high data rate + inventory, 16 slots; INVENTORY; mask
    const uint8_t maskBytes = static_cast<uint8_t>((maskLen + 7) / 8);
    for (uint8_t i = 0; i < maskBytes; i++) req[3 + i] = static_cast<uint8_t>(mask >> (8 * i));
    if (maskLen % 8) req[2 + maskBytes] &= static_cast<uint8_t>((1u << (maskLen % 8)) - 1);
    sent = send(req, static_cast<uint8_t>(3 + maskBytes), 0);
  } else {
    sent = send(nullptr, 0, 0);
  }
  if (sent) return true;
  answered_ = false;
  return false;
}

bool Pn5180::slotPoll(Slot& out, uint8_t uid[8]) {
  // nothing to see before the answer can have started (t1 + SOF), nor, once it started, before it can have ended:
  // no SPI traffic then (the bus stays free for the other readers)
  const uint32_t since = bus_.micros() - sentAt_;
  if (since < pollAfter_) return false;
  uint32_t irq = 0, st = 0;
  // once its SOF was seen the answer is due: IRQ_STATUS and RX_STATUS in one look; before, IRQ_STATUS alone (an
  // empty slot, most of a round's, costs one register read)
  const bool got = slotSof_ ? readIrqRx(irq, st) : readReg(kIrqStatus, irq);
  if (!got || (irq & kIrqGeneralError)) {
    answered_ = false;
    out = stalled_ ? Slot::Error : Slot::Empty;
    return true;
  }
  if (!(irq & kIrqRx)) {
    // (`since`: the time before the look; a SOF seen after it is in `irq` all the same)
    if (since <= (irq & kIrqRxSofDetected ? slotWin_.frame : slotWin_.sof)) {
      if ((irq & kIrqRxSofDetected) && !slotSof_) {  // an answer is on air: 3.9 ms of it to come
        slotSof_ = true;
        // from 0.3 ms before its latest end on, but not before its earliest: the frontend's hold (t2) at least 0,
        // its EOF, t1 min (4192/fc) and the answer (each look before that costs the bus a 2-frame read for nothing)
        const uint32_t earliest = air::k15693EofUs + air::k15693T1MinUs + air::answer15693Us(12);
        pollAfter_ = since + (air::answer15693Us(12) - 151 - 300);
        if (pollAfter_ < earliest) pollAfter_ = earliest;
      } else if (!slotSof_) {
        pollAfter_ = slotWin_.sof;  // no SOF yet: the next look when the window closes
      }
      return false;  // still within the slot's window
    }
    answered_ = false;  // the window is over: nobody answered
    out = Slot::Empty;
    return true;
  }
  answered_ = true;
  rxSeen(slotWin_.end + kSlotMarginUs);
  out = slotSof_ || readReg(kRxStatus, st) ? slotAnswer(st, uid) : Slot::Error;
  return true;
}

// What is left of t2 (the frontend's TX_WAIT after a reception) now: counted from the moment an answer was seen
// complete (at or after its real end, so never less than the chip still holds), the whole t2 when that moment is
// not known (after the field came on: the air interface's last reception may have been another one's).
uint16_t Pn5180::holdUs() const {
  if (!rxAtKnown_) return air::k15693T2Us;
  const uint16_t since = static_cast<uint16_t>(static_cast<uint16_t>(bus_.micros()) - rxAt_);
  return since >= air::k15693T2Us ? 0 : static_cast<uint16_t>(air::k15693T2Us - since);
}

void Pn5180::rxSeen(uint32_t latestEnd) {
  if (!answered_) return;
  // A background slot's answer has ended by `latestEnd` after its send (its window's nominal end, with the margin
  // the same window takes for the frontend to start sending: the emptiness of every slot relies on it too): a look
  // that came late (the CPU elsewhere) does not push t2, and the next slot's window, back by its lateness (with
  // a look ~0.2 ms late, the next slot was looked at ~0.1 ms after its outcome was known; ~1/3 of a stack's slots)
  const uint32_t now = bus_.micros();
  const uint32_t latest = sentAt_ + latestEnd;
  rxAt_ = static_cast<uint16_t>(latestEnd && static_cast<int32_t>(now - latest) > 0 ? latest : now);
  rxAtKnown_ = true;
}

// A background slot is looked at once when its SOF is overdue (t1 max + the 151 us SOF + kSlotMarginUs: the poll
// comes from pump() at a known time, not from a polling loop, so the 150 us polling margin is not needed): an
// empty slot (most of an anticollision's slots) costs one IRQ_STATUS read, and ~0.11 ms less of the reader's time.
void Pn5180::tightenSlot() {
  slotWin_.sof -= kMarginUs - kSlotMarginUs;
  slotWin_.frame -= kMarginUs - kSlotMarginUs;
  pollAfter_ = slotWin_.sof + 1;
}

bool Pn5180::probeBegin() {
  if (eofMode_ && !writeReg(kWriteRegister, kTxConfig, txConfig_)) return false;
  eofMode_ = false;
  slotWin_ = window15693(5, false, 12, holdUs());
  tightenSlot();
  slotSof_ = false;
  const uint8_t req[3] = {0x26, 0x01, 0x00};  // flags: high data rate + inventory + 1 slot
  if (send(req, 3, 0)) return true;
  answered_ = false;
  return false;
}

Slot Pn5180::inventoryOne(uint8_t uid[8]) {
  const uint8_t req[3] = {0x26, 0x01, 0x00};  // flags: high data rate + inventory + 1 slot
  uint32_t st = 0;
  if (eofMode_ && !writeReg(kWriteRegister, kTxConfig, txConfig_)) return Slot::Error;
  eofMode_ = false;
  answered_ = transceive(req, 3, 0, window15693(5, false, 12, air::k15693T2Us), st);
  rxSeen();
  if (!answered_) return stalled_ ? Slot::Error : Slot::Empty;
  return slotAnswer(st, uid);
}

Slot Pn5180::nextSlot(uint8_t uid[8]) {
  uint32_t st = 0;
  // EOF only: no data, no start symbol (TX_START_SYMBOL 0); afterwards TX_CONFIG exactly as the RF config left it
  const uint32_t eofOnly = txConfig_ & ~(kTxDataEnable | kTxStartSymbolMask);
  if (!writeReg(kWriteRegister, kTxConfig, eofOnly)) return Slot::Error;
  const bool answered = transceive(nullptr, 0, 0, window15693(0, true, 12, answered_ ? air::k15693T2Us : 0), st);
  answered_ = answered;
  rxSeen();
  if (!writeReg(kWriteRegister, kTxConfig, txConfig_)) return Slot::Error;
  if (!answered) return stalled_ ? Slot::Error : Slot::Empty;
  return slotAnswer(st, uid);
}

}  // namespace fw
