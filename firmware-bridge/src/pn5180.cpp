#include "pn5180.h"

namespace fw {

struct Window {
  uint16_t sof, frame;  // microseconds
};

namespace {
const uint32_t kIrqRx = 1ul << 0;
const uint32_t kIrqGeneralError = 1ul << 17;
const uint32_t kRxBytesMask = 0x1FF;
const uint32_t kRxIntegrityError = 1ul << 16;
const uint32_t kRxProtocolError = 1ul << 17;
const uint32_t kRxCollision = 1ul << 18;
const uint8_t kRxCollPosShift = 19;
const uint8_t kRxBitAlignShift = 6;
const uint32_t kSystemCommandMask = 0xFFFFFFF8ul;  // SYSTEM_CONFIG bits 0-2: 0 idle, 3 transceive
const uint32_t kTransceive = 0x3;
// TX_CONFIG: send only the EOF for the next ISO 15693 slot (data and SOF disabled), then restore.
const uint32_t kTxEofOnlyAndMask = 0xFFFFFB3Ful;
const uint32_t kTxDataOrMask = 0x00000440ul;
const uint32_t kIrqRxSofDetected = 1ul << 14;
// Answer windows: a start of frame must come within `sof` (our transmission + the tag's response delay), then
// the frame has `frame` to complete. Empty slots thus cost the short window only.
const Window k15693Request = {2600, 7000};  // request ~2 ms on air at 26 kbit/s, t1 0.32 ms, answer 3.9 ms
const Window k15693Eof = {800, 5200};       // EOF 0.15 ms + t1 0.32 ms
const Window k14443 = {600, 2500};           // 106 kbit/s frames, FDT ~0.09 ms
}  // namespace

bool Pn5180::ready(uint16_t timeoutUs) {
  const uint32_t start = bus_.micros();
  while (bus_.busy())
    if (bus_.micros() - start > timeoutUs) return !(stalled_ = true);
  return true;
}

bool Pn5180::command(const uint8_t* tx, uint8_t n) {
  if (!ready()) return false;
  bus_.exchange(tx, nullptr, n);
  return ready();
}

bool Pn5180::read(uint8_t* rx, uint8_t n) {
  uint8_t ff[16];
  for (uint8_t i = 0; i < n; i++) ff[i] = 0xFF;
  if (!ready()) return false;
  bus_.exchange(ff, rx, n);
  return ready();
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

bool Pn5180::crc(bool on) {
  return on ? writeReg(kWriteRegisterOrMask, kCrcTxConfig, 1) && writeReg(kWriteRegisterOrMask, kCrcRxConfig, 1)
            : writeReg(kWriteRegisterAndMask, kCrcTxConfig, 0xFFFFFFFEul) && writeReg(kWriteRegisterAndMask, kCrcRxConfig, 0xFFFFFFFEul);
}

bool Pn5180::fieldOn(Air air) {
  stalled_ = false;
  // RF configurations from the datasheet's table: 0x00/0x80 ISO 14443A 106 kbit/s, 0x0D/0x8D ISO 15693 26 kbit/s
  const uint8_t load[3] = {kLoadRfConfig, static_cast<uint8_t>(air == Air::Iso15693 ? 0x0D : 0x00),
                           static_cast<uint8_t>(air == Air::Iso15693 ? 0x8D : 0x80)};
  const uint8_t on[2] = {kRfOn, 0x00};
  air_ = air;
  // FIRMWARE_VERSION (EEPROM 0x12, 2 bytes): all zeros or all ones means no chip on the bus (BUSY floating)
  const uint8_t version[3] = {kReadEeprom, 0x12, 2};
  uint8_t v[2] = {0, 0};
  if (!command(version, 3) || !read(v, 2)) return false;
  if ((v[0] == 0x00 && v[1] == 0x00) || (v[0] == 0xFF && v[1] == 0xFF)) return !(stalled_ = true);
  return command(load, 3) && command(on, 2) && crc(air == Air::Iso15693);
}

void Pn5180::fieldOff() {
  const uint8_t off[2] = {kRfOff, 0x00};
  command(off, 2);
  air_ = Air::None;
}

bool Pn5180::transceive(const uint8_t* data, uint8_t n, uint8_t lastBits, const Window& w, uint32_t& rxStatus) {
  uint8_t tx[16] = {kSendData, lastBits};
  for (uint8_t i = 0; i < n && i < 14; i++) tx[2 + i] = data[i];
  if (!writeReg(kWriteRegister, kIrqClear, 0xFFFFFFFFul) || !writeReg(kWriteRegisterAndMask, kSystemConfig, kSystemCommandMask) ||
      !writeReg(kWriteRegisterOrMask, kSystemConfig, kTransceive) || !command(tx, static_cast<uint8_t>(2 + n)))
    return false;
  const uint32_t start = bus_.micros();
  uint32_t irq = 0;
  for (;;) {
    if (!readReg(kIrqStatus, irq) || (irq & kIrqGeneralError)) return false;
    if (irq & kIrqRx) break;
    const uint32_t waited = bus_.micros() - start;
    if (waited > (irq & kIrqRxSofDetected ? w.frame : w.sof)) return false;
  }
  return (irq & kIrqRx) && readReg(kRxStatus, rxStatus);
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
  uint32_t st = 0;
  writeReg(kWriteRegisterOrMask, kTxConfig, kTxDataOrMask);
  if (!transceive(req, static_cast<uint8_t>(3 + maskBytes), 0, k15693Request, st)) return stalled_ ? Slot::Error : Slot::Empty;
  return slotAnswer(st, uid);
}

Slot Pn5180::inventoryOne(uint8_t uid[8]) {
  const uint8_t req[3] = {0x26, 0x01, 0x00};  // flags: high data rate + inventory + 1 slot
  uint32_t st = 0;
  writeReg(kWriteRegisterOrMask, kTxConfig, kTxDataOrMask);
  if (!transceive(req, 3, 0, k15693Request, st)) return stalled_ ? Slot::Error : Slot::Empty;
  return slotAnswer(st, uid);
}

Slot Pn5180::nextSlot(uint8_t uid[8]) {
  uint32_t st = 0;
  if (!writeReg(kWriteRegisterAndMask, kTxConfig, kTxEofOnlyAndMask)) return Slot::Error;
  const bool answered = transceive(nullptr, 0, 0, k15693Eof, st);
  writeReg(kWriteRegisterOrMask, kTxConfig, kTxDataOrMask);
  if (!answered) return stalled_ ? Slot::Error : Slot::Empty;
  return slotAnswer(st, uid);
}

bool Pn5180::request() {
  crc(false);
  const uint8_t reqa = 0x26;  // 7-bit short frame
  uint32_t st = 0;
  return transceive(&reqa, 1, 7, k14443, st) && (st & kRxBytesMask) > 0;
}

bool Pn5180::anticollision(uint8_t level, const uint8_t known[5], uint8_t knownBits, uint8_t got[5], uint8_t& coll) {
  // SEL, NVB (bytes known << 4 | bits known), then the known bits
  uint8_t tx[7] = {static_cast<uint8_t>(0x91 + 2 * level), static_cast<uint8_t>(0x20 + ((knownBits / 8) << 4) + knownBits % 8)};
  const uint8_t n = static_cast<uint8_t>((knownBits + 7) / 8);
  for (uint8_t i = 0; i < n; i++) tx[2 + i] = known[i];
  uint32_t st = 0;
  crc(false);
  // received bits land after the known ones in the partial byte (RX_BIT_ALIGN, CRC_RX_CONFIG bits 6-8)
  writeReg(kWriteRegisterAndMask, kCrcRxConfig, ~(0x7ul << kRxBitAlignShift) & 0xFFFFFFFFul);
  writeReg(kWriteRegisterOrMask, kCrcRxConfig, static_cast<uint32_t>(knownBits % 8) << kRxBitAlignShift);
  if (!transceive(tx, static_cast<uint8_t>(2 + n), knownBits % 8, k14443, st)) return false;
  uint8_t rx[5] = {0, 0, 0, 0, 0};
  const uint8_t rd[2] = {kReadData, 0x00};
  const uint8_t count = static_cast<uint8_t>(st & kRxBytesMask);
  if (count == 0 || count > 5 || !command(rd, 2) || !read(rx, count)) return false;
  // the card answers the bits after the known ones; the frontend aligns them to the partial byte
  for (uint8_t i = 0; i < 5; i++) got[i] = static_cast<uint8_t>(i < n ? known[i] : 0);
  for (uint8_t i = 0; i < count && (n - (knownBits % 8 ? 1 : 0)) + i < 5; i++) got[(n - (knownBits % 8 ? 1 : 0)) + i] |= rx[i];
  coll = (st & kRxCollision) ? static_cast<uint8_t>(knownBits + ((st >> kRxCollPosShift) & 0x7F)) : 0xFF;
  return true;
}

bool Pn5180::select(uint8_t level, const uint8_t uid[5], uint8_t& sak) {
  const uint8_t tx[7] = {static_cast<uint8_t>(0x91 + 2 * level), 0x70, uid[0], uid[1], uid[2], uid[3], uid[4]};
  uint32_t st = 0;
  crc(true);
  const uint8_t rd[2] = {kReadData, 0x00};
  if (!transceive(tx, 7, 0, k14443, st) || (st & kRxBytesMask) < 1 || !command(rd, 2) || !read(&sak, 1)) return false;
  return true;
}

void Pn5180::halt() {
  const uint8_t hlta[2] = {0x50, 0x00};
  uint32_t st = 0;
  crc(true);
  transceive(hlta, 2, 0, k14443, st);  // a halted card does not answer: no answer is success
}

}  // namespace fw

namespace fw {

ReadStatus readAntenna(Pn5180& pn, Pn5180::Air air, TagRead* out, uint8_t max, uint8_t& n) {
  n = 0;
  if (!pn.fieldOn(air)) return ReadStatus::Timeout;
  const InventoryResult r = air == Pn5180::Air::Iso15693 ? inventory15693(pn, out, max) : inventory14443a(pn, out, max);
  pn.fieldOff();
  n = r.count;
  if (pn.stalled()) return ReadStatus::Timeout;
  return r.unresolved ? ReadStatus::Collision : ReadStatus::Ok;
}

}  // namespace fw
