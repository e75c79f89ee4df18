/** Import templates: columns, drop-down lists and instructions, as data for a workbook writer. */
export { TEMPLATE_COLUMNS, TEMPLATE_KINDS, type TemplateColumn, type TemplateFormat, type TemplateKind, type TemplateListName } from './columns.ts';
export { templateInstructions, type InstructionContext, type TemplateInstructions } from './instructions.ts';
export { TEMPLATE_UNITS, templateLists, type TemplateLists } from './lists.ts';
export {
  buildTemplate,
  INSTRUCTIONS_SHEET,
  LISTS_SHEET,
  TemplateError,
  VALIDATED_ROWS,
  type TemplateContext,
  type TemplateList,
  type TemplatePlan,
  type TemplateValidation,
} from './plan.ts';
