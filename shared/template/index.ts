/** Import templates: columns, drop-down lists and instructions, as data for a workbook writer. */
export { TEMPLATE_COLUMNS, type TemplateColumn, type TemplateFormat, type TemplateListName } from './columns.ts';
export {
  INSTRUCTIONS_WIDTH,
  instructionRows,
  templateInstructions,
  wordInstructions,
  type InstructionRow,
  type InstructionContext,
  type InstructionLine,
  type TemplateInstructions,
  type WordedInstructions,
} from './instructions.ts';
export { TEMPLATE_UNITS, templateLists, type TemplateLists } from './lists.ts';
export {
  buildTemplate,
  INSTRUCTIONS_SHEET,
  LISTS_SHEET,
  TemplateError,
  VALIDATED_ROWS,
  wordTemplate,
  type TemplateContext,
  type TemplateList,
  type TemplatePlan,
  type TemplateValidation,
  type WordedTemplate,
} from './plan.ts';
