// Where the tests find their vectors: everything lives in test/fixtures/ (see test/fixtures/README.md), so a clone
// of the repository runs every test with nothing beside it.
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, 'fixtures');
/** table scenarios (docs/scenario-format.md): the named ones, and random/ */
export const SCENARIOS = join(FIXTURES, 'scenarios');
/** PHH hand histories: pluribus/<session>/ and wsop-2023-43-5/ (MIT, University of Toronto; see phh/README.md) */
export const PHH = join(FIXTURES, 'phh');
/** event logs written by earlier versions of feltwire, each with what that version exported from it (logs/README.md) */
export const LOGS = join(FIXTURES, 'logs');
