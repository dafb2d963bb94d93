// The measurement lives in libs/listing-budget, shared with `stagewright plugin check` (ADR-0024):
// manifest-check and an outside author's check count the same way.
export {
  LARGEST_COUNT,
  TOKENIZER,
  countBpe,
  measureTools,
  type ListedTool,
  type ToolBpe,
  type VariantMeasurement,
} from '@stagewright/listing-budget';
