/**
 * The component rules of interaction responses (the platform document, "Modal components and
 * command options"; docs components/reference.mdx): a modal's top level holds Labels, Text
 * Displays and (legacy) Action Rows of one Text Input; Radio Group, Checkbox Group, Checkbox and
 * File Upload exist only in modals and only inside a Label; each component's own bounds. A
 * response that breaks one is refused with 400 50035 naming the field (errors.ts's invalidForm).
 * @internal
 * @module
 */
import { ComponentType } from 'discord-api-types/v10';

import { checkText, describe, typeName } from '../../common/validate.js';
import { field, invalidForm } from '../http/errors.js';

type Json = Record<string, unknown>;

/** Components only a modal holds, and only inside a Label (the platform document; reference.mdx: "must be placed inside a Label"). */
export const LABEL_ONLY: ReadonlySet<number> = new Set([ComponentType.RadioGroup, ComponentType.CheckboxGroup, ComponentType.Checkbox, ComponentType.FileUpload]);
/** What a Label may hold (reference.mdx, "Label Child Components"). */
const IN_LABEL: ReadonlySet<number> = new Set([
  ComponentType.TextInput,
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
  ...LABEL_ONLY,
]);
/** The File Upload's file counts: "between 0 and 10" (the platform document and reference.mdx). */
export const FILE_COUNT_MAX = 10;

function object(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidForm(at, `${at} must be an object, got ${typeName(value)}`);
  return value as Json;
}

function integer(value: unknown, at: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalidForm(at, `${at} must be an integer from ${min} to ${max}, got ${describe(value)}`);
  return value;
}

function boolean(value: unknown, at: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidForm(at, `${at} must be a boolean, got ${typeName(value)}`);
  return value;
}

function text(value: unknown, at: string, min: number, max: number): string {
  return field(at, () => checkText(value, at, min, max));
}

/** Radio Group and Checkbox Group options: value and label 1-100, description at most 100, `default` a boolean. */
function options(value: unknown, at: string, min: number, max: number): Json[] {
  if (!Array.isArray(value) || value.length < min || value.length > max) throw invalidForm(at, `${at} must hold ${min} to ${max} options, got ${Array.isArray(value) ? value.length : typeName(value)}`);
  const list = value.map((entry: unknown, i) => {
    const option = object(entry, `${at}.${i}`);
    text(option['value'], `${at}.${i}.value`, 1, 100);
    text(option['label'], `${at}.${i}.label`, 1, 100);
    if (option['description'] !== undefined) text(option['description'], `${at}.${i}.description`, 0, 100);
    boolean(option['default'], `${at}.${i}.default`, false);
    return option;
  });
  if (new Set(list.map((option) => option['value'])).size !== list.length) throw invalidForm(at, `${at} must not repeat a value`);
  return list;
}

/** "min_values must be either omitted or at least 1 if required is omitted or true" (reference.mdx). */
function minWithRequired(component: Json, at: string, min: number): void {
  if (component['min_values'] !== undefined && min === 0 && component['required'] !== false) throw invalidForm(`${at}.min_values`, `${at}.min_values must be at least 1 unless required is false`);
}

/** One interactive component inside a Label (or a legacy Action Row's Text Input); its custom_id is added to `ids`. */
function checkInteractive(component: Json, at: string, ids: Set<string>): void {
  const type = component['type'] as number;
  const customId = text(component['custom_id'], `${at}.custom_id`, 1, 100);
  if (ids.has(customId)) throw invalidForm(`${at}.custom_id`, `${at}.custom_id ${describe(customId)} is used twice in the modal`);
  ids.add(customId);
  switch (type) {
    case ComponentType.RadioGroup: {
      // 2-10 options (discord-api-types APIRadioGroupComponent); single selection: at most one default.
      const list = options(component['options'], `${at}.options`, 2, 10);
      boolean(component['required'], `${at}.required`, true);
      if (list.filter((option) => option['default'] === true).length > 1) throw invalidForm(`${at}.options`, 'a Radio Group is a single selection: at most one option may be default');
      return;
    }
    case ComponentType.CheckboxGroup: {
      const list = options(component['options'], `${at}.options`, 1, 10);
      const min = integer(component['min_values'], `${at}.min_values`, 0, 10, 1);
      const max = integer(component['max_values'], `${at}.max_values`, 1, 10, list.length);
      boolean(component['required'], `${at}.required`, true);
      minWithRequired(component, at, min);
      if (min > max) throw invalidForm(`${at}.min_values`, `${at}.min_values (${min}) must not exceed max_values (${max})`);
      if (max > list.length) throw invalidForm(`${at}.max_values`, `${at}.max_values (${max}) must not exceed the number of options (${list.length})`);
      return;
    }
    case ComponentType.Checkbox:
      boolean(component['default'], `${at}.default`, false);
      return;
    case ComponentType.FileUpload: {
      const min = integer(component['min_values'], `${at}.min_values`, 0, FILE_COUNT_MAX, 1);
      const max = integer(component['max_values'], `${at}.max_values`, 0, FILE_COUNT_MAX, 1);
      boolean(component['required'], `${at}.required`, true);
      minWithRequired(component, at, min);
      if (min > max) throw invalidForm(`${at}.min_values`, `${at}.min_values (${min}) must not exceed max_values (${max})`);
      if (component['file_types'] !== undefined) {
        const types = component['file_types'];
        if (!Array.isArray(types) || types.length > 10 || types.some((entry) => typeof entry !== 'string' || entry.length === 0)) throw invalidForm(`${at}.file_types`, `${at}.file_types must be at most 10 non-empty strings`);
      }
      return;
    }
    case ComponentType.TextInput: {
      integer(component['style'], `${at}.style`, 1, 2, 1);
      const min = integer(component['min_length'], `${at}.min_length`, 0, 4000, 0);
      const max = integer(component['max_length'], `${at}.max_length`, 1, 4000, 4000);
      if (min > max) throw invalidForm(`${at}.min_length`, `${at}.min_length must not exceed max_length`);
      boolean(component['required'], `${at}.required`, true);
      return;
    }
    default: {
      // The select menus: min_values 0-25, max_values 1-25.
      const min = integer(component['min_values'], `${at}.min_values`, 0, 25, 1);
      const max = integer(component['max_values'], `${at}.max_values`, 1, 25, 1);
      if (min > max) throw invalidForm(`${at}.min_values`, `${at}.min_values must not exceed max_values`);
      if (type === ComponentType.StringSelect) options(component['options'], `${at}.options`, 1, 25);
    }
  }
}

/**
 * A modal response's data (the callback's type 9): custom_id 1-100, title 1-45, 1-5 top-level
 * components. Returns the checked data, kept to check the user's submission against.
 */
export function checkModal(data: unknown): Json {
  const modal = object(data, 'data');
  text(modal['custom_id'], 'data.custom_id', 1, 100);
  text(modal['title'], 'data.title', 1, 45);
  const components = modal['components'];
  if (!Array.isArray(components) || components.length < 1 || components.length > 5) throw invalidForm('data.components', 'data.components must hold 1 to 5 components');
  const ids = new Set<string>();
  components.forEach((entry: unknown, i) => {
    const at = `data.components.${i}`;
    const component = object(entry, at);
    const type = component['type'];
    if (typeof type === 'number' && LABEL_ONLY.has(type)) throw invalidForm(`${at}.type`, `a ${ComponentType[type]} must be placed inside a Label`);
    if (type === ComponentType.TextDisplay) return void text(component['content'], `${at}.content`, 1, 4000);
    if (type === ComponentType.ActionRow) {
      const row = component['components'];
      if (!Array.isArray(row) || row.length !== 1) throw invalidForm(`${at}.components`, 'an Action Row of a modal holds one Text Input');
      const inner = object(row[0], `${at}.components.0`);
      if (typeof inner['type'] === 'number' && LABEL_ONLY.has(inner['type'])) throw invalidForm(`${at}.components.0.type`, `a ${ComponentType[inner['type']]} must be placed inside a Label`);
      if (inner['type'] !== ComponentType.TextInput) throw invalidForm(`${at}.components.0.type`, 'an Action Row of a modal holds one Text Input');
      return void checkInteractive(inner, `${at}.components.0`, ids);
    }
    if (type !== ComponentType.Label) throw invalidForm(`${at}.type`, `a modal's top level holds Labels, Text Displays and Action Rows, got ${describe(type)}`);
    text(component['label'], `${at}.label`, 1, 45);
    if (component['description'] !== undefined) text(component['description'], `${at}.description`, 0, 100);
    const child = object(component['component'], `${at}.component`);
    if (typeof child['type'] !== 'number' || !IN_LABEL.has(child['type'])) throw invalidForm(`${at}.component.type`, `a Label holds a Text Input, a select menu, a Radio Group, a Checkbox Group, a Checkbox or a File Upload, got ${describe(child['type'])}`);
    checkInteractive(child, `${at}.component`, ids);
  });
  return structuredClone(modal);
}

/** A message's components (a message response, an update, a follow-up): none of the modal-only ones, at any depth. */
export function checkMessageComponents(value: unknown, at: string): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) throw invalidForm(at, `${at} must be an array, got ${typeName(value)}`);
  if (value.length > 40) throw invalidForm(at, `${at} holds at most 40 components`);
  const walk = (node: unknown, path: string): void => {
    const component = object(node, path);
    const type = component['type'];
    if (typeof type === 'number' && (LABEL_ONLY.has(type) || type === ComponentType.Label)) {
      throw invalidForm(`${path}.type`, `a ${ComponentType[type]} exists only in modals${type === ComponentType.Label ? '' : ', inside a Label'}`);
    }
    if (Array.isArray(component['components'])) component['components'].forEach((child: unknown, i) => walk(child, `${path}.components.${i}`));
    if (component['accessory'] !== undefined) walk(component['accessory'], `${path}.accessory`);
  };
  value.forEach((node: unknown, i) => walk(node, `${at}.${i}`));
}

/** The modal's interactive components, by custom_id, with the Label (or row) each sits in (for submissions). */
export function modalFields(modal: Json): Map<string, { component: Json; wrapper: 'label' | 'row' }> {
  const out = new Map<string, { component: Json; wrapper: 'label' | 'row' }>();
  for (const top of modal['components'] as Json[]) {
    if (top['type'] === ComponentType.Label) {
      const child = top['component'] as Json;
      out.set(child['custom_id'] as string, { component: child, wrapper: 'label' });
    } else if (top['type'] === ComponentType.ActionRow) {
      const child = (top['components'] as Json[])[0]!;
      out.set(child['custom_id'] as string, { component: child, wrapper: 'row' });
    }
  }
  return out;
}
