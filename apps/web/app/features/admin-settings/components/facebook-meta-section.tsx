import { type FormEvent, useState } from 'react'
import { SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { useConfigSave } from '../hooks/use-config-save'
import { useReportDirty } from '../hooks/use-dirty-forms'
import { facebookMetaBody } from '../shop-config-forms'
import type { ConfigSectionProps } from './config-section-props'
import { SettingsSection } from './settings-section'

/** Facebook domain verification: the storefront renders the code as its facebook-domain-verification meta tag. */
export function FacebookMetaSection({ config, reportDirty }: ConfigSectionProps) {
  const [text, setText] = useState(config.facebook.meta)
  const { errors, clear, saving, save } = useConfigSave({
    success: 'Facebook verification saved',
    // The API keeps only the code of a pasted tag: show what it kept.
    onSaved: (updated) => setText(updated.facebook.meta),
  })
  useReportDirty(reportDirty, 'facebook', text.trim() !== config.facebook.meta)

  function submit(event: FormEvent) {
    event.preventDefault()
    save(facebookMetaBody(text))
  }

  return (
    <SettingsSection id="facebook" title="Facebook domain verification">
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form} />
        <Field
          name="facebook.meta"
          label="Verification code"
          error={errors['facebook.meta']}
          hint="Paste the code, or the whole <meta> tag Facebook shows you. Leave empty to remove it."
        >
          {(props) => (
            <input
              {...props}
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => {
                setText(event.target.value)
                clear('facebook')
              }}
            />
          )}
        </Field>
        <div className="form-actions">
          <SaveButton saving={saving}>Save verification</SaveButton>
        </div>
      </form>
    </SettingsSection>
  )
}
