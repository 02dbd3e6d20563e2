// The evaluator's public face. Value: a number, higher is a better hand, equal values tie exactly.

export { describeHand, describeHandFr, describeValue, type Lang } from './describe.js';
export type { HandCategory } from './evaluator.js';
export { CATEGORY_NAMES, categoryOf, EvaluatorError, evaluate7, evaluateCards } from './evaluator.js';
