#include "pn5180.h"
#include "airtime.h"
#include "pn5180_timing.h"

namespace fw {

namespace {
const uint32_t kSystemCommandMask = 0xFFFFFFF8ul;  // SYSTEM_CONFIG bits 0-2: 0 idle, 3 transceive
const uint32_t kTransceive = 0x3;
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
  // RF_ON: the field is up when TX_RFON_IRQ is set. What a look read counts before the time it took: a look whose
  // wait for BUSY ran a pump of the other readers' slots (2-3 ms with five busy chip readers) and found the field up
  // is no stall (scan12: it was, an ANT_TIMEOUT and a reboot of a card reader in a full table)
  const uint32_t start = bus_.micros();
  uint32_t irq = 0;
  for (;;) {
    if (!readReg(kIrqStatus, irq)) return false;
    if (irq & kIrqTxRfOn) break;
    if (bus_.micros() - start > 2000) return !(stalled_ = true);
  }
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

}  // namespace fw
