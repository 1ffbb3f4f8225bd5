// Handlebars templates of templates/: everything the generator writes that is not TypeScript structure.
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { ROOT } from '../model/root.js';

const cache = new Map<string, Handlebars.TemplateDelegate>();

export function renderTemplate(name: string, data: object): string {
  let template = cache.get(name);
  if (!template) {
    template = Handlebars.compile(fs.readFileSync(path.join(ROOT, 'templates', name), 'utf8'), { noEscape: true });
    cache.set(name, template);
  }
  return template(data);
}
