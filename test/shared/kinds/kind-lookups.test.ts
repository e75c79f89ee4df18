// Every fact that differs by kind of import lives in shared/kinds/: no other module of the core or
// the faces compares a value with 'receipts' or 'returns', or picks between the two with a ternary.
// Read with the TypeScript parser, comments and imports left out.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../../scripts/deps/shared-graph.ts';
import { IMPORT_KINDS, KINDS, fieldsWith, isImportKind, parseImportKind } from '../../../shared/kinds/index.ts';

const KIND_NAMES: ReadonlySet<string> = new Set(IMPORT_KINDS);

/** `x === 'receipts'`, `x !== 'returns'`, `c ? 'receipts' : …`: the places that switch on a kind's name in `text`. */
function kindSwitches(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const isKindName = (node: ts.Node): boolean => ts.isStringLiteralLike(node) && KIND_NAMES.has(node.text);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const equality =
      ts.isBinaryExpression(node) &&
      [
        ts.SyntaxKind.EqualsEqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsEqualsToken,
        ts.SyntaxKind.EqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsToken,
      ].includes(node.operatorToken.kind) &&
      (isKindName(node.left) || isKindName(node.right));
    const choice = ts.isConditionalExpression(node) && (isKindName(node.whenTrue) || isKindName(node.whenFalse));
    if (equality || choice)
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('kinds are looked up, not switched on', () => {
  it('the reader finds a comparison and a ternary on a kind name', () => {
    const text = "const a = kind === 'receipts' ? 1 : 2;\nconst b = x ? 'returns' : y;\nconst c = kind === other;";
    expect(kindSwitches('x.ts', text)).toEqual(["x.ts:1: kind === 'receipts'", "x.ts:2: x ? 'returns' : y"]);
  });

  it('no module of shared/ (outside shared/kinds/), batch/ or addin/ switches on a kind name', () => {
    const files = ['shared', 'batch', 'addin']
      .flatMap((dir) => sourceFiles(dir))
      .filter((f) => !f.startsWith('shared/kinds/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => kindSwitches(file, readFileSync(file, 'utf8')))).toEqual([]);
  });
});

describe('the kind descriptors', () => {
  it('name each kind, its sheet and its records', () => {
    expect(IMPORT_KINDS.map((k) => [KINDS[k].one, KINDS[k].many, KINDS[k].sheetName, KINDS[k].tableName])).toEqual([
      ['receipt', 'receipts', 'Receipts', 'ReceiptLines'],
      ['return', 'returns', 'Returns', 'ReturnLines'],
    ]);
    expect(KINDS.receipts.label({ key: 'INV-1', rowNumbers: [4, 5] })).toBe('invoice INV-1');
    expect(KINDS.receipts.label({ key: null, rowNumbers: [4, 5] })).toBe('the invoice on row 4');
    expect(KINDS.returns.label({ key: null, rowNumbers: [6] })).toBe('the return on row 6');
  });

  it('give the fields of each role from the registry flags', () => {
    expect(fieldsWith('receipts', 'id')).toEqual(['record_id', 'sequence', 'line_item_id', 'updated_at']);
    expect(fieldsWith('returns', 'id')).toEqual(['record_id', 'sequence', 'updated_at']);
    expect(fieldsWith('receipts', 'derived')).toEqual(['line_total', 'sequence', 'status', 'message']);
    expect(fieldsWith('returns', 'writtenBack')).toEqual(['record_id', 'sequence', 'updated_at', 'status', 'message']);
    expect(fieldsWith('receipts', 'invoiceLevel')).toEqual([
      'invoice',
      'supplier',
      'received_at',
      'storage',
      'order_number',
      'notes',
      'record_id',
      'sequence',
      'updated_at',
    ]);
    expect(fieldsWith('receipts', 'identifiesRow')).toEqual([
      'invoice',
      'supplier',
      'received_at',
      'storage',
      'product',
      'quantity',
      'pack_size',
      'pack_cost',
    ]);
    expect(fieldsWith('returns', 'identifiesRow')).toEqual([
      'supplier',
      'returned_at',
      'storage',
      'product',
      'amount',
      'reference',
    ]);
    expect(KINDS.receipts.required).toEqual([
      'supplier',
      'received_at',
      'storage',
      'product',
      'quantity',
      'pack_size',
      'pack_cost',
    ]);
    expect(KINDS.returns.required).toEqual(['supplier', 'returned_at', 'storage', 'product', 'amount']);
  });

  it('parse a kind name and refuse anything else', () => {
    expect(parseImportKind('returns')).toBe('returns');
    expect(parseImportKind('Returns')).toBeNull();
    expect(parseImportKind('stocktake')).toBeNull();
    expect(isImportKind('receipts')).toBe(true);
  });
});
