/**
 * The Recipes screen's DOM (issue 21): each supplier's recipe with its settings and learned entries
 * (what, from which text, when, from which file), a Remove button per entry and per recipe, Undo of the
 * last edit, and the recipes moved in (a file chooser) and out (a download) as the JSON `shed recipes
 * export` writes. Logic: addin/app/recipes.ts. Styles: the `.recipes` block of suppliers.css.
 */
import type { RecipesController, RecipeView } from '../app/recipes.ts';
import { byId, el, saveDownload, showStatus } from './dom.ts';

/** The file name of a download of the recipes. */
export const RECIPES_DOWNLOAD = 'shed-recipes.json';

/** Binds the Recipes panel to its controller. */
export function recipesView(controller: RecipesController): { render(): void } {
  const list = byId('recipes-list');
  const status = byId('recipes-status');
  const undo = byId<HTMLButtonElement>('recipes-undo');
  const chooser = byId<HTMLInputElement>('recipes-import');
  const download = byId<HTMLButtonElement>('recipes-export');

  undo.addEventListener('click', () => void controller.undo());
  chooser.addEventListener('change', () => {
    const file = chooser.files?.[0];
    if (!file) return;
    void file.text().then((text) => controller.importJson(text, file.name));
    chooser.value = '';
  });
  download.addEventListener('click', () => {
    void controller
      .exportJson()
      .then((text) => saveDownload(new Blob([text], { type: 'application/json' }), RECIPES_DOWNLOAD));
  });

  const card = (recipe: RecipeView) => {
    const entries = recipe.entries.map((e) =>
      el(
        'li',
        { class: 'recipe-entry' },
        el(
          'span',
          { class: 'recipe-entry-text' },
          el('q', { text: e.text }),
          `${e.code ? ` (item code ${e.code})` : ''} → ${e.name}`,
          el('span', { class: 'recipe-entry-when', text: ` ${e.kind}, learned ${e.learnedAt} from ${e.from}` }),
        ),
        button(`Remove`, `Remove '${e.text}' from the recipe of ${recipe.supplier}`, () =>
          controller.forget(recipe.key, e.text),
        ),
      ),
    );
    return el(
      'li',
      { class: 'recipe' },
      el(
        'div',
        { class: 'recipe-head' },
        el('h3', { text: recipe.supplier }),
        button('Remove recipe', `Remove the whole recipe of ${recipe.supplier}`, () => controller.forget(recipe.key)),
      ),
      ...(recipe.settings.length ? [el('p', { class: 'help', text: recipe.settings.join(' · ') })] : []),
      entries.length
        ? el('ul', { class: 'recipe-entries', 'aria-label': `Learned by ${recipe.supplier}` }, ...entries)
        : el('p', { class: 'help', text: 'Nothing learned yet.' }),
    );
  };

  const render = () => {
    const state = controller.store.get();
    list.replaceChildren(
      ...(state.recipes.length
        ? state.recipes.map(card)
        : [el('li', { class: 'help', text: 'No supplier recipes yet: corrections re-imported are learned here.' })]),
    );
    undo.disabled = !state.canUndo;
    showStatus(status, state.status);
  };
  controller.store.subscribe(render);
  render();
  return { render };
}

function button(text: string, label: string, onClick: () => Promise<void>): HTMLButtonElement {
  const node = el('button', { type: 'button', 'aria-label': label, text });
  node.addEventListener('click', () => void onClick());
  return node;
}
