/**
 * The English sentences the engine hands to players, read from its source (game/engine.ts,
 * game/rules/*.ts, game/content/*.ts): every string or template literal that a function returns
 * (also through `?:`), that is given as `{ error: … }`, or that is pushed to the game log as
 * `text: …`. Templates come back with each `${…}` replaced by `{}`, the shape the client's reason
 * catalogue is compared with. Errors thrown are programming errors, not reasons, and are skipped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

const root = new URL('../../game/', import.meta.url);
const FILES = [
  'engine.ts',
  ...readdirSync(new URL('rules/', root))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `rules/${f}`),
  ...readdirSync(new URL('content/', root))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `content/${f}`),
];

export interface EngineString {
  file: string;
  line: number;
  /** The text with every substitution as `{}`. */
  shape: string;
  kind: 'reason' | 'log';
}

function literals(
  node: ts.Expression,
): (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression)[] {
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    return [node];
  return [];
}

function shapeOf(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
}

export function engineStrings(): EngineString[] {
  const out: EngineString[] = [];
  for (const file of FILES) {
    const text = readFileSync(new URL(file, root), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const add = (expr: ts.Expression, kind: EngineString['kind']) => {
      for (const lit of literals(expr))
        out.push({
          file,
          line: source.getLineAndCharacterOfPosition(lit.getStart()).line + 1,
          shape: shapeOf(lit),
          kind,
        });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node) && node.expression) add(node.expression, 'reason');
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
        if (node.name.text === 'error') add(node.initializer, 'reason');
        if (node.name.text === 'text') add(node.initializer, 'log');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}
