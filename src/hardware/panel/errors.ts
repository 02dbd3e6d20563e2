export type PanelErrorCode = 'PANEL_OPEN_FAILED' | 'PANEL_NOT_READY' | 'PANEL_UNKNOWN_SEAT';

export class PanelError extends Error {
  readonly code: PanelErrorCode;
  constructor(code: PanelErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PanelError';
    this.code = code;
  }
}
