// The evaluator's public face. Value: a number, higher is a better hand, equal values tie exactly.
export { evaluate7, evaluateCards, categoryOf, CATEGORY_NAMES, describeHand } from './evaluator.js';
export type { HandCategory } from './evaluator.js';
