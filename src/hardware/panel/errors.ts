import { FeltwireError, statusOf } from '../../errors.js';

export type PanelErrorCode = 'PANEL_OPEN_FAILED' | 'PANEL_NOT_READY' | 'PANEL_UNKNOWN_SEAT';

export class PanelError extends FeltwireError<PanelErrorCode> {
  constructor(code: PanelErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'PanelError';
  }
  /** the dealer panel is a device (out of reach, it may come back); a seat it has no button for is asked wrongly */
  get status(): number {
    return statusOf(this.code, 503, { PANEL_UNKNOWN_SEAT: 400 });
  }
}
