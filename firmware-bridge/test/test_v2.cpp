// Protocol v2 against vectors/protocol-v2.txt (shared with test/bridge/protocolV2.test.ts; CRCs from Python's
// binascii): the new frames are accepted, and every inventory renders exactly as the vectors' frames.
#include <fstream>
#include <sstream>
#include "check.h"
#include "frame_text.h"
#include "line_reader.h"
#include "vectors.h"

using namespace fw;

namespace {

std::vector<std::vector<std::string>> v2Lines() {
  std::ifstream in("vectors/protocol-v2.txt");
  std::vector<std::vector<std::string>> out;
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream ss(text);
    std::string c;
    while (std::getline(ss, c, '\t')) cols.push_back(c);
    out.push_back(cols);
  }
  return out;
}

uint8_t parseHex(const std::string& u, uint8_t* out) {
  for (size_t i = 0; i < u.size() / 2; i++) out[i] = static_cast<uint8_t>(std::stoul(u.substr(2 * i, 2), nullptr, 16));
  return static_cast<uint8_t>(u.size() / 2);
}

struct Quiet : PresenceSink {
  void tagArrived(uint8_t, const TagRead&, char) override {}
  void tagLeft(uint8_t, const TagRead&) override {}
};

}  // namespace

TEST(v2_vectors_new_frames_are_accepted_by_the_firmware_reader) {
  int n = 0;
  for (const auto& cols : v2Lines()) {
    if (cols.at(0) != "valid") continue;
    LineReader r;
    const std::string bytes = bytesLiteral(cols.at(1));
    int frames = 0;
    for (char c : bytes) frames += r.feed(static_cast<uint8_t>(c));
    CHECK_EQ(frames, 1);
    n++;
  }
  CHECK(n >= 4);
}

TEST(v2_vectors_foreign_tag_err_renders_exactly_as_the_vector) {
  std::string want;
  for (const auto& cols : v2Lines())
    if (cols.at(0) == "valid" && cols.at(1).find("FOREIGN_TAG") != std::string::npos) want = bytesLiteral(cols.at(1));
  CHECK(!want.empty());
  FrameRecord r{};
  r.seq = 42;
  r.type = Msg::Err;
  r.antenna = 20;
  r.arg = static_cast<uint8_t>(ErrCode::ForeignTag);
  static Presence presence;
  char out[kMaxFrame + 1];
  renderFrame(r, 0, "", presence, out);
  CHECK_EQ(std::string(out), want);
}

TEST(v2_vectors_inventories_render_exactly_as_the_vectors) {
  int n = 0;
  for (const auto& cols : v2Lines()) {
    if (cols.at(0) != "inventory") continue;
    const uint8_t antenna = static_cast<uint8_t>(std::stoi(cols.at(1)));
    const uint16_t seq = static_cast<uint16_t>(std::stol(cols.at(2)));
    std::vector<std::string> uids, frames;
    std::stringstream us(cols.at(3));
    for (std::string u; us >> u;) uids.push_back(u);
    const std::string& all = cols.at(4);
    for (size_t at = 0; at < all.size();) {
      size_t bar = all.find("' | b'", at);
      const size_t end = bar == std::string::npos ? all.size() : bar + 1;
      frames.push_back(bytesLiteral(all.substr(at, end - at)));
      at = bar == std::string::npos ? all.size() : bar + 4;
    }
    // the presence table holds them in this order (two reads latch cards on)
    static Presence presence;
    presence = Presence();
    Quiet quiet;
    for (uint32_t k = 0; k < 2; k++) {
      presence.begin(antenna, '-');
      for (const auto& u : uids) {
        uint8_t b[8];
        const uint8_t len = parseHex(u, b);
        CHECK(presence.tag(antenna, b, len));
      }
      presence.end(antenna, 1000 * k, true, quiet);
    }
    CHECK_EQ(presence.reportedCount(antenna), uids.size());
    const uint8_t parts = inventoryParts(presence.reportedCount(antenna));
    CHECK_EQ(static_cast<size_t>(parts), frames.size());
    for (uint8_t k = 1; k <= parts && k <= frames.size(); k++) {
      FrameRecord r{};
      r.seq = static_cast<uint16_t>(seq + k - 1);
      r.type = Msg::Inv;
      r.antenna = antenna;
      r.arg = parts > 1 ? k : 0;
      char out[kMaxFrame + 1];
      renderFrame(r, 0, "", presence, out);
      CHECK_EQ(std::string(out), frames[k - 1]);
    }
    n++;
  }
  CHECK(n >= 5);
}
