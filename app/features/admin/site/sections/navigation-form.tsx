import { useEffect, useRef } from 'react';
import { CornerDownRight, CornerLeftUp } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { VISIBLE_SERVICES, type NavigationItem } from '#common/site-content/navigation.ts';
import type { Service } from '#common/site-content/services.ts';
import { TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TargetField } from './target-field.tsx';

type Menu = 'header' | 'footer';
type Child = NavigationItem['children'][number];
type Services = readonly Pick<Service, 'slug' | 'name' | 'visible'>[];

const MENUS: Record<Menu, { legend: string; description: string; noun: string; childNoun: string; max: number }> = {
  header: {
    legend: 'Header',
    description:
      'The links across the top of every page, in this order; the phone menu shows the same. ' +
      'An item with items under it opens them as a list.',
    noun: 'Item',
    childNoun: 'Sub-item',
    max: 10,
  },
  footer: {
    legend: 'Footer',
    description: 'The columns of links at the bottom of every page: each column has a heading and its links.',
    noun: 'Column',
    childNoun: 'Link',
    max: 6,
  },
};

/** Moves a top item under the one above it, or a sub-item out to the top right after its parent. */
function useNesting(form: SectionForm, menu: Menu) {
  const focusLabel = useRef<string | null>(null);
  useEffect(() => {
    const path = focusLabel.current;
    if (!path) return;
    focusLabel.current = null;
    document.getElementById(form.id(path))?.focus();
  });
  const items = () => form.value<NavigationItem[]>(menu) ?? [];
  return {
    nest(index: number) {
      const list = items();
      const parent = list[index - 1];
      const item = list[index];
      if (!parent || !item || item.children.length > 0) return;
      const moved: Child = { label: item.label, target: item.target, children: [] };
      const next = list.filter((_, at) => at !== index);
      next[index - 1] = { ...parent, children: [...parent.children, moved] };
      form.setList(menu, next);
      focusLabel.current = `${menu}.${index - 1}.children.${parent.children.length}.label`;
    },
    unnest(parentIndex: number, childIndex: number) {
      const list = items();
      const parent = list[parentIndex];
      const child = parent?.children[childIndex];
      if (!parent || !child || child.target === VISIBLE_SERVICES) return;
      const next = [...list];
      next[parentIndex] = { ...parent, children: parent.children.filter((_, at) => at !== childIndex) };
      next.splice(parentIndex + 1, 0, { label: child.label, target: child.target, children: [] });
      form.setList(menu, next);
      focusLabel.current = `${menu}.${parentIndex + 1}.label`;
    },
  };
}

function MenuEditor({ form, menu, services }: { form: SectionForm; menu: Menu; services: Services }) {
  const words = MENUS[menu];
  const nesting = useNesting(form, menu);
  const items = form.value<NavigationItem[]>(menu) ?? [];
  return (
    <ListEditor<NavigationItem>
      form={form}
      path={menu}
      legend={words.legend}
      description={words.description}
      noun={words.noun}
      make={() => ({ label: '', target: menu === 'header' ? '/' : '', children: [] })}
      max={words.max}
      empty={`No ${menu} links: the ${menu} shows none.`}
    >
      {({ index, path, name }) => {
        const item = items[index];
        const above = items[index - 1];
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
              <TextInput form={form} path={`${path}.label`} label={`${name}: label`} maxLength={60} />
              <TargetField form={form} path={`${path}.target`} label={`${name}: link to`} services={services} child={false} />
            </div>
            {above && item && item.children.length === 0 ? (
              <div>
                <Button variant="ghost" size="sm" disabled={form.saving} onClick={() => nesting.nest(index)}>
                  <CornerDownRight aria-hidden className="size-4" />
                  Move under “{above.label || `${words.noun} ${index}`}”
                </Button>
              </div>
            ) : null}
            <ChildList
              form={form}
              path={path}
              name={name}
              noun={words.childNoun}
              services={services}
              onUnnest={(at) => nesting.unnest(index, at)}
            />
          </>
        );
      }}
    </ListEditor>
  );
}

interface ChildListProps {
  form: SectionForm;
  path: string;
  name: string;
  noun: string;
  services: Services;
  onUnnest: (index: number) => void;
}

function ChildList({ form, path, name, noun, services, onUnnest }: ChildListProps) {
  const children = form.value<Child[]>(`${path}.children`) ?? [];
  return (
    <ListEditor<Child>
      form={form}
      path={`${path}.children`}
      legend={`Under ${name.toLowerCase()}`}
      noun={noun}
      make={() => ({ label: '', target: '/', children: [] })}
      max={20}
      nested
    >
      {({ index, path: childPath, name: childName }) => {
        const automatic = children[index]?.target === VISIBLE_SERVICES;
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
              {automatic ? (
                <p className="self-end pb-2 text-sm text-fg-muted">Each shown service by its name, in the Services section’s order.</p>
              ) : (
                <TextInput form={form} path={`${childPath}.label`} label={`${childName}: label`} maxLength={60} />
              )}
              <TargetField form={form} path={`${childPath}.target`} label={`${childName}: link to`} services={services} child />
            </div>
            {automatic ? null : (
              <div>
                <Button variant="ghost" size="sm" disabled={form.saving} onClick={() => onUnnest(index)}>
                  <CornerLeftUp aria-hidden className="size-4" />
                  Move out to the top level
                </Button>
              </div>
            )}
          </>
        );
      }}
    </ListEditor>
  );
}

/** The header's and footer's menus: labels, where each leads, their order and one level of nesting. */
export function NavigationForm({ form, services }: { form: SectionForm; services: Services }) {
  return (
    <div className="grid gap-6">
      <MenuEditor form={form} menu="header" services={services} />
      <MenuEditor form={form} menu="footer" services={services} />
    </div>
  );
}
