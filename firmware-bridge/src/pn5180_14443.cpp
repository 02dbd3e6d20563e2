// The PN5180 driver's ISO 14443A side: a card reader's exchanges (REQA, anticollision, SELECT, HLTA; one at a time
// from the background, BoardHal::cardPump) and one antenna's blocking read (readAntenna).
#include "pn5180.h"
#include "airtime.h"

namespace fw {

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
