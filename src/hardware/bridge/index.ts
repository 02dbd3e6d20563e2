// The reader bridge driver: protocol v1 frames over a serial port, turned into ReaderEvents.
export * from './constants.js';
export { BridgeError, type BridgeErrorCode } from './errors.js';
export { type Frame, type DecodeResult, crc16, hex4, encodeFrame, decodeFrame } from './frame.js';
export { FrameParser, FrameScanner, type ParserCounts, emptyCounts } from './parser.js';
export { FrameWriter, type LineSink } from './writer.js';
export { BridgeReceiver, type ReceiverCounts, type ReceiverHooks } from './receiver.js';
export { BridgeLink, type BridgeLinkOptions, type BridgeLinkStats, type PortOpener, openSerialPort } from './link.js';
export { VirtualBridgeWire, type VirtualBridgeOptions, type VirtualBridgeStats } from './device.js';
