import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldPath, FieldProblem } from '../../../../domain/productForm';
import type { FileProblem } from '../../../../domain/productImages';

/** What to type when a required field is empty, by the field's name (the last part of its path). */
const REQUIRED: Record<string, MessageDescriptor> = {
  title: msg`Enter a title.`,
  description: msg`Enter a description.`,
  category: msg`Choose a category.`,
  slug: msg`Enter a slug.`,
  sku: msg`Enter a SKU.`,
  price: msg`Enter a price.`,
  inventory: msg`Enter the stock (0 or more).`,
  variants: msg`Add at least one variant.`,
};

const isMoney = (path: FieldPath) => path.endsWith('.price') || path.endsWith('.compareAtPrice');

/** A field's problem as one sentence in the admin's language (shown under the field and in the summary). */
export function fieldProblemText(i18n: I18n, path: FieldPath, problem: FieldProblem): string {
  switch (problem.kind) {
    case 'required': {
      const name = path.split('.').pop() ?? path;
      return i18n._(Object.hasOwn(REQUIRED, name) ? REQUIRED[name] : msg`This field is required.`);
    }
    case 'tooLong': {
      const max = i18n.number(problem.max);
      return i18n._(msg`At most ${max} characters.`);
    }
    case 'slugFormat':
      return i18n._(msg`Use lowercase letters, digits and hyphens only.`);
    case 'slugTaken':
      return i18n._(msg`This slug is already used by another product.`);
    case 'skuTaken':
      return i18n._(msg`This SKU is already used.`);
    case 'skuRepeated':
      return i18n._(msg`Each variant needs its own SKU.`);
    case 'notANumber':
      return isMoney(path) ? i18n._(msg`Enter an amount like 29.99.`) : i18n._(msg`Enter a number.`);
    case 'pricePositive':
      return i18n._(msg`Enter a price greater than 0.`);
    case 'tooLarge': {
      const max = isMoney(path) ? i18n.number(problem.max, { style: 'currency', currency: 'EUR' }) : i18n.number(problem.max);
      return i18n._(msg`At most ${max}.`);
    }
    case 'notNegative':
      return i18n._(msg`Enter 0 or more.`);
    case 'wholeNumber':
      return i18n._(msg`Enter a whole number.`);
    case 'tooManyTags': {
      const max = i18n.number(problem.max);
      return i18n._(msg`At most ${max} tags.`);
    }
  }
}

/** Why a picked or dropped file was not added. */
export function fileProblemText(i18n: I18n, problem: FileProblem): string {
  switch (problem.kind) {
    case 'type':
      return i18n._(msg`Not a JPEG, PNG or WebP image.`);
    case 'size': {
      const size = megabytes(i18n, problem.maxBytes);
      return i18n._(msg`Larger than ${size}.`);
    }
    case 'tooMany': {
      const max = i18n.number(problem.max);
      return i18n._(msg`A product has at most ${max} images.`);
    }
  }
}

/** 5242880 → "5 MB" (binary megabytes, as the bucket counts them). */
export const megabytes = (i18n: I18n, bytes: number) => `${i18n.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
