// The evaluator's public face. Value: a number, higher is a better hand, equal values tie exactly.
export { evaluate7, evaluateCards, categoryOf, CATEGORY_NAMES, EvaluatorError } from './evaluator.js';
export type { HandCategory } from './evaluator.js';
export { describeHand, describeHandFr, describeValue, type Lang } from './describe.js';
