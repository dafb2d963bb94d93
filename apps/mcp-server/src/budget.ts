// A separate entry of the build (budget.mjs beside main.mjs): the BPE measurement and ADR-0037's
// ceilings that `stagewright plugin check` loads, and nothing else does. The tokenizer's tables
// (about 2.4 MB) stay out of every chunk a server start reads (ADR-0024).
export { LISTING_BUDGET, budgetProblems, measureTools, TOKENIZER } from '@stagewright/listing-budget';
