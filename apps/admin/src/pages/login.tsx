import type { AdminChallenge, AdminSession } from '@simshop/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguagePicker } from '../components/language-picker.tsx';
import { meQuery } from '../components/use-operator.ts';
import { ApiError, api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { setToken } from '../lib/session.ts';

/** Sign-in: mobile and password, then the 6-digit code of the authenticator app. */
export function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server's refusal of the code, shown under it until the code is changed. */
  const [codeError, setCodeError] = useState('');
  const [passwordForm] = Form.useForm<{ mobile: string; password: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();

  const submitPassword = async (values: { mobile: string; password: string }) => {
    setBusy(true);
    try {
      const reply = await api<AdminChallenge>('POST', '/login', { body: values });
      setChallenge(reply.challenge);
    } catch (error) {
      showRefusal(passwordForm, error, ['mobile', 'password'], (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (values: { code: string }) => {
    setBusy(true);
    setCodeError('');
    try {
      const session = await api<AdminSession>('POST', '/login/totp', { body: { challenge, code: values.code } });
      setToken(session.token);
      queryClient.setQueryData(meQuery.queryKey, { expiresAt: session.expiresAt, operator: session.operator });
      navigate('/', { replace: true });
    } catch (error) {
      // A wrong code is shown under the field (kept in state: the form's own errors are replaced by its
      // rules' result once the submit settles); any other refusal ends the step.
      if (error instanceof ApiError && error.field === 'code') setCodeError(error.message);
      else
        showRefusal(codeForm, error, [], (m) => {
          message.error(m);
          setChallenge(null);
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 380 }} title={t('app.title')} extra={<LanguagePicker />}>
        {challenge === null ? (
          <Form form={passwordForm} layout="vertical" onFinish={submitPassword} requiredMark={false}>
            <Form.Item
              name="mobile"
              label={t('login.mobile')}
              rules={[{ required: true, pattern: /^1\d{10}$/, message: t('login.mobileInvalid') }]}
            >
              <Input autoComplete="username" inputMode="numeric" maxLength={11} autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.next')}
            </Button>
          </Form>
        ) : (
          <Form form={codeForm} layout="vertical" onFinish={submitCode} requiredMark={false}>
            <Typography.Paragraph>{t('login.codeHint')}</Typography.Paragraph>
            <Form.Item
              name="code"
              label={t('login.code')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.codeInvalid') }]}
              {...(codeError ? { validateStatus: 'error' as const, help: codeError } : {})}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus onChange={() => setCodeError('')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.signIn')}
            </Button>
            <Button
              type="link"
              block
              onClick={() => {
                setCodeError('');
                setChallenge(null);
              }}
            >
              {t('login.back')}
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
