#include "pn5180.h"
#include "airtime.h"

namespace fw {

namespace {
const uint32_t kSystemCommandMask = 0xFFFFFFF8ul;  // SYSTEM_CONFIG bits 0-2: 0 idle, 3 transceive
const uint32_t kTransceive = 0x3;
// SPI polling granularity on the Mega (one READ_REGISTER of IRQ_STATUS ~40 us) and clock tolerance.
const uint32_t kMarginUs = 150;
const uint32_t kSlotMarginUs = 40;  // background slots (tightenSlot)
}  // namespace

bool Pn5180::ready(uint16_t timeoutUs) {
  if (!bus_.busy()) return true;  // the common case: no clock read
  const uint32_t start = bus_.micros();
  while (bus_.busy()) {
    if (bus_.micros() - start > timeoutUs) return !(stalled_ = true);
    bus_.idle();  // LOAD_RF_CONFIG, READ_EEPROM, RF_ON keep BUSY up 20-150 us: other readers' slots meanwhile
  }
  return true;
}

// BUSY is awaited before each frame, not after it as well: the chip raises BUSY when NSS goes high and drops it
// when the command has run, and the next frame (or the read of an answer) waits for that. A frame's own BUSY time
// (6 us for a command, 2 us after a read) then overlaps the host's work instead of a wait; a stalled chip is found
// by the next frame. (Verify on hardware: BUSY high within the few us from NSS high to the next frame's look.)
bool Pn5180::command(const uint8_t* tx, uint8_t n) {
  if (!ready()) return false;
  bus_.exchange(tx, nullptr, n);
  return true;
}

bool Pn5180::read(uint8_t* rx, uint8_t n) {
  if (!ready()) return false;
  bus_.exchange(nullptr, rx, n);  // 0xFF clocked out
  return true;
}

bool Pn5180::writeReg(Cmd how, Reg reg, uint32_t v) {
  const uint8_t tx[6] = {how, reg, static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8), static_cast<uint8_t>(v >> 16),
                         static_cast<uint8_t>(v >> 24)};
  return command(tx, 6);
}

bool Pn5180::readReg(Reg reg, uint32_t& v) {
  const uint8_t tx[2] = {kReadRegister, reg};
  uint8_t rx[4];
  if (!command(tx, 2) || !read(rx, 4)) return false;
  v = rx[0] | static_cast<uint32_t>(rx[1]) << 8 | static_cast<uint32_t>(rx[2]) << 16 | static_cast<uint32_t>(rx[3]) << 24;
  return true;
}

// The CRC settings are written with the next SEND_DATA's set-up (send: one WRITE_REGISTER_MULTIPLE), not on their own.
bool Pn5180::crc(bool on) {
  crcWant_ = on;
  return true;
}

bool Pn5180::boot() {
  booted_ = false;
  stalled_ = false;
  air_ = Air::None;
  bitAlign_ = 0;  // the reset clears the registers; afterwards every anticollision that sets it clears it again
  loaded_ = Air::None;
  bus_.reset(true);
  bus_.delayUs(100);  // datasheet: RESET_N low pulse >= 10 us
  bus_.reset(false);
  // BUSY stays high while the chip boots; then IDLE_IRQ is set in IRQ_STATUS.
  const uint32_t start = bus_.micros();
  uint32_t irq = 0;
  bus_.delayUs(50);
  for (;;) {
    if (!bus_.busy() && readReg(kIrqStatus, irq) && (irq & kIrqIdle)) break;
    stalled_ = false;
    if (bus_.micros() - start > 20000) return !(stalled_ = true);
  }
  if (!writeReg(kWriteRegister, kIrqClear, 0xFFFFFFFFul)) return false;
  booted_ = true;
  return true;
}

bool Pn5180::fieldOn(Air air) {
  stalled_ = false;
  if (!booted_) return !(stalled_ = true);
  // RF configurations from the datasheet's table: 0x00/0x80 ISO 14443A 106 kbit/s, 0x0D/0x8D ISO 15693 26 kbit/s
  const uint8_t load[3] = {kLoadRfConfig, static_cast<uint8_t>(air == Air::Iso15693 ? 0x0D : 0x00),
                           static_cast<uint8_t>(air == Air::Iso15693 ? 0x8D : 0x80)};
  const uint8_t on[2] = {kRfOn, 0x00};
  // FIRMWARE_VERSION (EEPROM 0x12, 2 bytes): all zeros or all ones means no chip on the bus (BUSY floating)
  const uint8_t version[3] = {kReadEeprom, 0x12, 2};
  uint8_t v[2] = {0, 0};
  if (!command(version, 3) || !read(v, 2)) return false;
  if ((v[0] == 0x00 && v[1] == 0x00) || (v[0] == 0xFF && v[1] == 0xFF)) return !(stalled_ = true);
  // the registers keep their values across RF_OFF: the configuration is loaded once per air interface (the card
  // readers never change it, a chip reader neither), TX_CONFIG and the CRC settings stay as we left them
  if (loaded_ != air) {
    loaded_ = Air::None;
    if (!command(load, 3) || !readReg(kTxConfig, txConfig_)) return false;
    crcOn_ = 2;                        // unknown after LOAD_RF_CONFIG: the next send writes it
    eofMode_ = false;                  // LOAD_RF_CONFIG set TX_CONFIG afresh
    loaded_ = air;
  }
  crc(air == Air::Iso15693);
  if (!writeReg(kWriteRegister, kIrqClear, 0xFFFFFFFFul) || !command(on, 2)) return false;
  // RF_ON: the field is up when TX_RFON_IRQ is set
  const uint32_t start = bus_.micros();
  uint32_t irq = 0;
  do {
    if (!readReg(kIrqStatus, irq)) return false;
    if (bus_.micros() - start > 2000) return !(stalled_ = true);
  } while (!(irq & kIrqTxRfOn));
  fieldOnAt_ = bus_.micros();
  rxAtKnown_ = false;
  air_ = air;
  return true;
}

void Pn5180::fieldOff() {
  const uint8_t off[2] = {kRfOff, 0x00};
  command(off, 2);
  air_ = Air::None;
}

Pn5180::Window Pn5180::window14443(uint16_t txBits, uint16_t rxBits) {
  const uint32_t tx = air::frame14443Us(txBits);
  const uint32_t sof = tx + air::k14443FdtMaxUs + kMarginUs;
  return {sof, sof + air::frame14443Us(rxBits) + kMarginUs, tx + air::k14443FdtUs + air::frame14443Us(rxBits)};
}

Pn5180::Window Pn5180::window15693(uint8_t txBytes, bool eofOnly, uint8_t rxBytes, uint16_t holdUs) {
  // the frontend holds the transmission until t2 after the last answer (TX_WAIT from the RF configuration): what
  // is left of it when the request is sent (holdUs)
  const uint32_t tx = holdUs + (eofOnly ? air::k15693EofUs : air::request15693Us(txBytes));
  const uint32_t sof = tx + air::k15693T1MaxUs + 151 + kMarginUs;
  return {sof, sof + air::answer15693Us(rxBytes) + kMarginUs, tx + air::k15693T1MaxUs + air::answer15693Us(rxBytes)};
}

bool Pn5180::transceive(const uint8_t* data, uint8_t n, uint8_t lastBits, const Window& w, uint32_t& rxStatus) {
  return send(data, n, lastBits) && await(w, rxStatus);
}

// One WRITE_REGISTER_MULTIPLE (datasheet: up to 42 sets of address, action 1 write / 2 OR / 3 AND, 4-byte value;
// NXP's reader library arms its exchanges the same way): the CRC settings when they change, IRQ_CLEAR, SYSTEM_CONFIG
// idle then transceive; then SEND_DATA. 2 host-interface frames instead of 4 (6 with a CRC change).
bool Pn5180::send(const uint8_t* data, uint8_t n, uint8_t lastBits) {
  // the common case (the CRC setting unchanged: every slot of an inventory, most card frames): the same 19 bytes
  // every time, not built again (~0.3k cycles a frame on the AVR)
  static const uint8_t kArm[19] = {kWriteRegisterMultiple,
                                   kIrqClear, kMultiWrite, 0xFF, 0xFF, 0xFF, 0xFF,
                                   kSystemConfig, kMultiAnd, 0xF8, 0xFF, 0xFF, 0xFF,
                                   kSystemConfig, kMultiOr, kTransceive, 0x00, 0x00, 0x00};
  if (crcOn_ == (crcWant_ ? 1 : 0)) {
    if (!command(kArm, sizeof kArm)) return false;
    return sendData(data, n, lastBits);
  }
  uint8_t w[1 + 5 * 6] = {kWriteRegisterMultiple};
  uint8_t k = 1;
  const auto set = [&](Reg reg, uint8_t action, uint32_t v) {  // (byte by byte: a variable 32-bit shift is a loop on AVR)
    uint8_t* o = w + k;
    o[0] = reg, o[1] = action, o[2] = static_cast<uint8_t>(v), o[3] = static_cast<uint8_t>(v >> 8);
    o[4] = static_cast<uint8_t>(v >> 16), o[5] = static_cast<uint8_t>(v >> 24);
    k = static_cast<uint8_t>(k + 6);
  };
  if (crcOn_ != (crcWant_ ? 1 : 0)) {
    set(kCrcTxConfig, crcWant_ ? kMultiOr : kMultiAnd, crcWant_ ? 1 : 0xFFFFFFFEul);
    set(kCrcRxConfig, crcWant_ ? kMultiOr : kMultiAnd, crcWant_ ? 1 : 0xFFFFFFFEul);
    crcOn_ = crcWant_ ? 1 : 0;
  }
  set(kIrqClear, kMultiWrite, 0xFFFFFFFFul);
  set(kSystemConfig, kMultiAnd, kSystemCommandMask);
  set(kSystemConfig, kMultiOr, kTransceive);
  return command(w, k) && sendData(data, n, lastBits);
}

bool Pn5180::sendData(const uint8_t* data, uint8_t n, uint8_t lastBits) {
  uint8_t tx[16];
  tx[0] = kSendData, tx[1] = lastBits;
  for (uint8_t i = 0; i < n && i < 14; i++) tx[2 + i] = data[i];
  if (!command(tx, static_cast<uint8_t>(2 + n))) return false;
  sentAt_ = bus_.micros();
  return true;
}

// IRQ_STATUS and RX_STATUS in one READ_REGISTER_MULTIPLE (2 frames instead of 4): the look once an answer can be in
bool Pn5180::readIrqRx(uint32_t& irq, uint32_t& rx) {
  const uint8_t tx[3] = {kReadRegisterMultiple, kIrqStatus, kRxStatus};
  uint8_t v[8];
  if (!command(tx, 3) || !read(v, 8)) return false;
  irq = v[0] | static_cast<uint32_t>(v[1]) << 8 | static_cast<uint32_t>(v[2]) << 16 | static_cast<uint32_t>(v[3]) << 24;
  rx = v[4] | static_cast<uint32_t>(v[5]) << 8 | static_cast<uint32_t>(v[6]) << 16 | static_cast<uint32_t>(v[7]) << 24;
  return true;
}

void Pn5180::waitUntil(uint32_t us) {
  for (uint32_t t = bus_.micros() - sentAt_; t < us; t = bus_.micros() - sentAt_) {
    bus_.idle();
    const uint32_t now = bus_.micros() - sentAt_;
    if (now < us) bus_.delayUs(static_cast<uint16_t>(us - now < 8 ? us - now : 8));
  }
}

// IRQ_STATUS is read only where it can tell something: first when a nominal answer has ended or its start is
// overdue (RX_SOF_DET is sticky: one look at the SOF deadline says whether anything answered); once a SOF was
// seen, at the nominal end, then until the frame deadline. Each look is two SPI frames (~0.1 ms on the Mega) the
// other readers' exchanges get instead.
bool Pn5180::await(const Window& w, uint32_t& rxStatus) {
  uint32_t irq = 0;
  uint32_t next = w.end < w.sof ? w.end : w.sof;
  bool sof = false;
  for (;;) {
    waitUntil(next);
    if (!readReg(kIrqStatus, irq) || (irq & kIrqGeneralError)) return false;
    if (irq & kIrqRx) break;
    const uint32_t waited = bus_.micros() - sentAt_;
    if (waited > (irq & kIrqRxSofDetected ? w.frame : w.sof)) return false;
    if ((irq & kIrqRxSofDetected) && !sof) {
      sof = true;
      next = w.end > waited ? w.end : waited;
    } else if (!(irq & kIrqRxSofDetected)) {
      next = w.sof + 1;  // nothing started yet: the next look when the SOF is overdue
    } else {
      next = waited;  // the answer is ending: look again at once
      bus_.idle();
    }
  }
  return readReg(kRxStatus, rxStatus);
}

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
        pollAfter_ = since + (air::answer15693Us(12) - 151 - 300);
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
  rxSeen();
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

void Pn5180::rxSeen() {
  if (!answered_) return;
  rxAt_ = static_cast<uint16_t>(bus_.micros());
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

bool Pn5180::cardBegin(CardFrame f, uint8_t level, const uint8_t cl[5]) {
  if (f == CardFrame::Reqa) {
    const uint8_t reqa = 0x26;  // 7-bit short frame; ATQA: 2 bytes
    slotWin_ = window14443(7, air::bits14443(2));
    if (!crc(false) || !send(&reqa, 1, 7)) return false;
  } else if (f == CardFrame::Select) {
    const uint8_t tx[7] = {static_cast<uint8_t>(0x91 + 2 * level), 0x70, cl[0], cl[1], cl[2], cl[3], cl[4]};
    slotWin_ = window14443(air::bits14443(9), air::bits14443(3));
    if (!crc(true) || !send(tx, 7, 0)) return false;
  } else {
    const uint8_t hlta[2] = {0x50, 0x00};
    slotWin_ = window14443(air::bits14443(4), 4);
    if (!crc(true) || !send(hlta, 2, 0)) return false;
  }
  slotSof_ = false;
  pollAfter_ = slotWin_.end < slotWin_.sof ? slotWin_.end : slotWin_.sof;
  return true;
}

// await() without waiting: the same looks at IRQ_STATUS, each when its time has come
int8_t Pn5180::cardPoll(uint32_t& rxStatus) {
  if (bus_.micros() - sentAt_ < pollAfter_) return 0;
  uint32_t irq = 0;
  // a card's answer is short (ATQA 0.19 ms, SAK 0.27 ms): at every look it may be in, so RX_STATUS comes with it
  if (!readIrqRx(irq, rxStatus) || (irq & kIrqGeneralError)) return -1;
  if (irq & kIrqRx) return 1;
  const uint32_t waited = bus_.micros() - sentAt_;
  if (waited > (irq & kIrqRxSofDetected ? slotWin_.frame : slotWin_.sof)) return -1;
  if ((irq & kIrqRxSofDetected) && !slotSof_) {
    slotSof_ = true;
    pollAfter_ = slotWin_.end > waited ? slotWin_.end : waited;
  } else if (!(irq & kIrqRxSofDetected)) {
    pollAfter_ = slotWin_.sof + 1;  // nothing started yet: the next look when the SOF is overdue
  } else {
    pollAfter_ = waited;  // the answer is ending: look again at the next pump
  }
  return 0;
}

bool Pn5180::cardSak(uint32_t st, uint8_t& sak) {
  const uint8_t rd[2] = {kReadData, 0x00};
  return (st & kRxBytesMask) >= 1 && !(st & (kRxProtocolError | kRxIntegrityError)) && command(rd, 2) && read(&sak, 1);
}

bool Pn5180::request() {
  crc(false);
  const uint8_t reqa = 0x26;  // 7-bit short frame
  uint32_t st = 0;
  // REQA: 7 bits; ATQA: 2 bytes
  return transceive(&reqa, 1, 7, window14443(7, air::bits14443(2)), st) && (st & kRxBytesMask) > 0;
}

bool Pn5180::anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5], uint8_t& coll) {
  // SEL, NVB (bytes known << 4 | bits known), then the known bits
  uint8_t tx[7] = {static_cast<uint8_t>(0x91 + 2 * level), static_cast<uint8_t>(0x20 + ((knownBits / 8) << 4) + knownBits % 8)};
  const uint8_t n = static_cast<uint8_t>((knownBits + 7) / 8);
  const uint8_t full = static_cast<uint8_t>(knownBits / 8);
  const uint8_t align = static_cast<uint8_t>(knownBits % 8);
  for (uint8_t i = 0; i < n; i++) tx[2 + i] = known[i];
  uint32_t st = 0;
  crc(false);
  // received bits land after the known ones in the partial byte (RX_BIT_ALIGN, CRC_RX_CONFIG bits 6-8)
  if (bitAlign_) writeReg(kWriteRegisterAndMask, kCrcRxConfig, ~(0x7ul << kRxBitAlignShift) & 0xFFFFFFFFul);
  if (align) writeReg(kWriteRegisterOrMask, kCrcRxConfig, static_cast<uint32_t>(align) << kRxBitAlignShift);
  bitAlign_ = align;
  const uint16_t txBits = static_cast<uint16_t>(16 + knownBits);
  const uint16_t rxBits = static_cast<uint16_t>(40 - knownBits);
  const bool answered = transceive(tx, static_cast<uint8_t>(2 + n), align, window14443(txBits + txBits / 8, rxBits + rxBits / 8 + 1), st);
  // RX_BIT_ALIGN applies to every reception until cleared: the SAK that follows must land at bit 0 (else a cascade
  // bit 0x04 is read shifted, and a 7- or 10-byte card resolved after a level-1 collision passes for a 4-byte one)
  if (align) writeReg(kWriteRegisterAndMask, kCrcRxConfig, ~(0x7ul << kRxBitAlignShift) & 0xFFFFFFFFul);
  bitAlign_ = 0;
  if (!answered) return false;
  uint8_t rx[5] = {0, 0, 0, 0, 0};
  const uint8_t rd[2] = {kReadData, 0x00};
  const uint8_t count = static_cast<uint8_t>(st & kRxBytesMask);
  if (count == 0 && (st & (kRxProtocolError | kRxIntegrityError))) {  // a start, then nothing whole: cut short
    coll = kDamaged;
    return true;
  }
  if (count == 0 || count > 5 - full || !command(rd, 2) || !read(rx, count)) return false;
  rx[0] &= static_cast<uint8_t>(0xFF << align);  // the bits below RX_BIT_ALIGN are ours, not received
  for (uint8_t i = 0; i < 5; i++) got[i] = static_cast<uint8_t>(i < n ? known[i] : 0);
  if (align) got[full] &= static_cast<uint8_t>((1u << align) - 1);
  for (uint8_t i = 0; i < count; i++) got[full + i] |= rx[i];
  // RX_COLL_POS counts from bit 0 of the first received byte, the RX_BIT_ALIGN bits included (NXP)
  coll = (st & kRxCollision) ? static_cast<uint8_t>(full * 8 + ((st >> kRxCollPosShift) & 0x7F)) : 0xFF;
  // no collision, yet a frame error or fewer bytes than the rest of CLn + BCC: the answer was cut short (a card
  // lifted while answering); the caller starts again from REQA
  if (coll == 0xFF && (st & (kRxProtocolError | kRxIntegrityError) || count < 5 - full)) coll = kDamaged;
  return true;
}

bool Pn5180::select(uint8_t level, const uint8_t uid[5], uint8_t& sak) {
  const uint8_t tx[7] = {static_cast<uint8_t>(0x91 + 2 * level), 0x70, uid[0], uid[1], uid[2], uid[3], uid[4]};
  uint32_t st = 0;
  crc(true);
  const uint8_t rd[2] = {kReadData, 0x00};
  // SELECT: 7 bytes + CRC_A (9 x 9 bits = 0.78 ms on air); SAK + CRC_A: 3 bytes
  // a SAK cut short or corrupt counts as none: the card is looked for again from REQA
  if (!transceive(tx, 7, 0, window14443(air::bits14443(9), air::bits14443(3)), st) || (st & kRxBytesMask) < 1 ||
      (st & (kRxProtocolError | kRxIntegrityError)) || !command(rd, 2) || !read(&sak, 1))
    return false;
  return true;
}

void Pn5180::halt() {
  const uint8_t hlta[2] = {0x50, 0x00};
  uint32_t st = 0;
  crc(true);
  // a halted card does not answer: no answer (a NAK would have started within the FDT) is success
  transceive(hlta, 2, 0, window14443(air::bits14443(4), 4), st);
}

}  // namespace fw

namespace fw {

ReadStatus readAntenna(Pn5180& pn, Pn5180::Air air, TagSink& sink) {
  if (pn.air() != air) {
    if (pn.air() != Pn5180::Air::None) pn.fieldOff();
    if (!pn.fieldOn(air)) return ReadStatus::Timeout;
  }
  pn.settle();
  const InventoryResult r = air == Pn5180::Air::Iso15693 ? inventory15693(pn, sink) : inventory14443a(pn, sink);
  pn.fieldOff();
  if (pn.stalled()) return ReadStatus::Timeout;
  if (r.overflow) return ReadStatus::Overrun;
  if (r.unresolved) return ReadStatus::Collision;
  return r.foreign ? ReadStatus::Foreign : ReadStatus::Ok;
}

}  // namespace fw
