import { PROVIDER_LIMITS } from '~/lib/rules/provider';
import { Field } from '../ui/form';

type Contact = { contact: string; phone: string; city: string; intro: string };

/** The provider's contact fields and intro, shared by the application and the profile editor. */
export function ContactFields(props: { form: Contact; set: (patch: Partial<Contact>) => void; introHint?: string; counter?: boolean }) {
  const { form, set } = props;
  return (
    <>
      <Field label="联系人">
        <input
          className="gf-input w-[240px]"
          aria-label="联系人"
          maxLength={PROVIDER_LIMITS.contact}
          value={form.contact}
          onChange={(e) => set({ contact: e.target.value })}
        />
      </Field>
      <Field label="联系电话">
        <input
          className="gf-input w-[240px]"
          aria-label="联系电话"
          inputMode="tel"
          maxLength={11}
          value={form.phone}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </Field>
      <Field label="所在城市">
        <input
          className="gf-input w-[240px]"
          aria-label="所在城市"
          maxLength={PROVIDER_LIMITS.city}
          value={form.city}
          onChange={(e) => set({ city: e.target.value })}
        />
      </Field>
      <Field label="服务介绍" {...(props.introHint ? { hint: props.introHint } : {})}>
        <textarea
          className="gf-input h-28 py-2"
          aria-label="服务介绍"
          maxLength={PROVIDER_LIMITS.intro}
          value={form.intro}
          onChange={(e) => set({ intro: e.target.value })}
        />
        {props.counter && (
          <p className="text-right text-xs text-ink-mute">
            {form.intro.length}/{PROVIDER_LIMITS.intro}
          </p>
        )}
      </Field>
    </>
  );
}
