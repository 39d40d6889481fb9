import { Tabs } from 'radix-ui';
import type { UserRole } from '../../../contract/accounts/accounts';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { LoginForm, type LoginCredentials } from './login-form';
import { MarketingClaims } from './marketing-claims';
import { RegisterForm, type RegistrationRequest } from './register-form';
import type { SubmitAction } from './submit-action';

export type AuthTab = 'login' | 'register';

type AuthPageProps = {
  login: SubmitAction<LoginCredentials>;
  register: SubmitAction<RegistrationRequest>;
  initialTab?: AuthTab;
  initialRole?: UserRole;
};

const tabClasses = cn(
  // neutral-600, not muted-foreground: the inactive tab sits on the muted grey, where muted text is 4.3:1.
  'inline-flex h-8 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium text-neutral-600 transition-colors',
  'hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

// The panel takes focus after its tab (Tab from the tab list): a ring shows where focus went.
const panelClasses = 'rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-card';

/** /auth: the Login and Register tabs, with the marketing claims beside them (spec sections 1 and 2). */
export function AuthPage({ login, register, initialTab = 'login', initialRole }: AuthPageProps) {
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start lg:gap-16 lg:px-8 lg:py-16">
      <Card className="w-full lg:order-2">
        <Tabs.Root defaultValue={initialTab}>
          <CardHeader className="pb-4">
            <h1 className="text-2xl font-semibold leading-none tracking-tight">Welcome to BidHome</h1>
            <CardDescription>Log in to your account or create a new one.</CardDescription>
            <Tabs.List aria-label="Login or register" className="mt-4 flex rounded-lg bg-muted p-1">
              <Tabs.Trigger value="login" className={tabClasses}>
                Login
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClasses}>
                Register
              </Tabs.Trigger>
            </Tabs.List>
          </CardHeader>
          <CardContent>
            <Tabs.Content value="login" className={panelClasses}>
              <LoginForm login={login} />
            </Tabs.Content>
            <Tabs.Content value="register" className={panelClasses}>
              <RegisterForm register={register} initialRole={initialRole} />
            </Tabs.Content>
          </CardContent>
        </Tabs.Root>
      </Card>
      <MarketingClaims className="lg:order-1 lg:pt-8" />
    </main>
  );
}
