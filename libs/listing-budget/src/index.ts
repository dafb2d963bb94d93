export { LARGEST_COUNT, TOKENIZER, countBpe, measureTools, type ListedTool, type ToolBpe, type VariantMeasurement } from './figures.js';
export { LISTING_BUDGET, budgetProblems, type BudgetProblem, type ListingBudget } from './budget.js';
