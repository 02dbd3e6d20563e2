// The reader bridge driver: protocol v1 frames over a serial port, turned into ReaderEvents.
export * from './constants.js';
export { BridgeEndpoint, type VirtualBridgeOptions, type VirtualBridgeStats } from './device.js';
export { BridgeError, type BridgeErrorCode } from './errors.js';
export { crc16, type DecodeResult, decodeFrame, encodeFrame, type Frame, hex4 } from './frame.js';
export { BridgeLink } from './link.js';
export type { BridgeLinkOptions, BridgeLinkStats, BridgeLogger, LinkState } from './link-types.js';
export { emptyCounts, FrameParser, FrameScanner, type ParserCounts } from './parser.js';
export { Backoff, type BridgePort, openSerialPort, type PortOpener, releasePort } from './port.js';
export { BridgeReceiver, type ReceiverCounts, type ReceiverHooks } from './receiver.js';
export { OutboundRing } from './ring.js';
export { VirtualBridgeWire } from './virtual-bridge.js';
export { FrameWriter, type LineSink } from './writer.js';
