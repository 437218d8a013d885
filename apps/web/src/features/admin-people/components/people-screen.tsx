import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/PersonAdd';
import { type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { USER_PAGE_SIZE, type AdminUser } from '@vmer/domain/admin';
import { ROLES } from '@vmer/domain/model';
import { DescriptionLine, DESCRIPTION_LIST_SX } from '../../../components/card-parts.tsx';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { FilterSelect, type FilterOption } from '../../../components/product-filters.tsx';
import { ServerGrid } from '../../../components/server-grid.tsx';
import { ScreenHeader } from '../../../components/screen-frame.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import {
  changeFilters,
  readFilters,
  writeFilters,
  type Filters,
} from '../../../lib/url-filters.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminUserCreateMutation, useAdminUsersQuery } from '../api/admin-people-api.ts';
import { EMPTY_DRAFT } from '../people-form.ts';
import { AuditDrawer } from './audit-drawer.tsx';
import { CreatePersonDialog } from './create-person-dialog.tsx';
import { EditPersonDialog } from './edit-person-dialog.tsx';
import { useHeldInsurers, useRoleTitle } from './person-fields.tsx';

const FILTER_KEYS = ['q', 'role', 'insurer', 'active'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** The insurers a person holds that the viewer also holds, and how many more. */
function PersonInsurers({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {user.insurers.map((code) => (
        <Chip key={code} size="small" label={code} />
      ))}
      {user.otherInsurers > 0 && (
        <Chip
          size="small"
          variant="outlined"
          label={t('adminPeople.otherInsurers', { count: user.otherInsurers })}
        />
      )}
    </Stack>
  );
}

function PersonStatus({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={user.active ? 'success' : 'default'}
      variant={user.active ? 'filled' : 'outlined'}
      label={t(user.active ? 'adminPeople.active' : 'adminPeople.inactive')}
    />
  );
}

function PersonActions({
  user,
  onEdit,
  onHistory,
}: {
  user: AdminUser;
  onEdit: (user: AdminUser) => void;
  onHistory: (user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="outlined"
        aria-label={t('adminPeople.editOf', { name: user.displayName })}
        onClick={() => onEdit(user)}
      >
        {t('adminPeople.edit')}
      </Button>
      <Button
        size="small"
        aria-label={t('adminPeople.historyOf', { name: user.displayName })}
        onClick={() => onHistory(user)}
      >
        {t('adminPeople.history')}
      </Button>
    </Stack>
  );
}

/** The filters kept in the address: search, role, insurer and activation. */
function PeopleFilters({
  filters,
  onFilters,
}: {
  filters: Filters<FilterKey>;
  onFilters: (change: Filters<FilterKey>) => void;
}) {
  const { t } = useTranslation();
  const roleTitle = useRoleTitle();
  const insurers = useHeldInsurers();
  const [typed, setTyped] = useState(filters.q ?? '');
  const select = (key: Exclude<FilterKey, 'q'>, options: FilterOption[]) => (
    <FilterSelect
      label={t(`adminPeople.filters.${key}`)}
      anyLabel={t('adminPeople.filters.any')}
      value={filters[key] ?? ''}
      options={options}
      onValue={(value) => onFilters({ [key]: value })}
      minWidth={160}
    />
  );
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <TextField
        size="small"
        type="search"
        label={t('adminPeople.filters.search')}
        helperText={t('adminPeople.filters.searchHelp')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onFilters({ q: typed.trim() });
        }}
        onBlur={() => typed.trim() !== (filters.q ?? '') && onFilters({ q: typed.trim() })}
        sx={{ minWidth: { md: 340 } }}
      />
      {select(
        'role',
        ROLES.map((role) => ({ value: role, label: roleTitle(role) })),
      )}
      {select(
        'insurer',
        insurers.map((insurer) => ({ value: insurer.code, label: insurer.name })),
      )}
      {select('active', [
        { value: 'true', label: t('adminPeople.filters.activeOnly') },
        { value: 'false', label: t('adminPeople.filters.inactiveOnly') },
      ])}
    </Stack>
  );
}

/**
 * /admin/users (requirements O-02..O-08): the people sharing an insurer with the
 * administrator, one server page at a time, searched and filtered from the address; a grid on
 * wide screens, cards on phones; adding, editing and each person's history in dialogs.
 */
export function PeopleScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminPeople.documentTitle'));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const headingId = useId();
  const roleTitle = useRoleTitle();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, FILTER_KEYS);
  const filterKey = FILTER_KEYS.map((key) => filters[key] ?? '').join('|');
  // The cursors of the pages shown after the first, for these filters.
  const [trail, setTrail] = useState<{ key: string; cursors: string[] }>({ key: '', cursors: [] });
  const cursors = trail.key === filterKey ? trail.cursors : [];
  const cursor = cursors.at(-1);
  const list = useAdminUsersQuery({
    ...(filters as Record<string, string>),
    ...(cursor ? { cursor } : {}),
  });
  const [create] = useAdminUserCreateMutation();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [history, setHistory] = useState<AdminUser | null>(null);
  const page = list.currentData;
  const pageNumber = cursors.length + 1;

  const setFilters = (change: Filters<FilterKey>) => {
    const next = new URLSearchParams();
    writeFilters(next, FILTER_KEYS, changeFilters(filters, change));
    setParams(next);
  };
  const next = () =>
    page?.nextCursor && setTrail({ key: filterKey, cursors: [...cursors, page.nextCursor] });
  const previous = () => setTrail({ key: filterKey, cursors: cursors.slice(0, -1) });
  const changePage = (model: GridPaginationModel) => {
    if (model.page === pageNumber) next();
    else if (model.page === pageNumber - 2) previous();
  };

  const columns = useMemo<GridColDef<AdminUser>[]>(() => {
    const plain = { sortable: false, minWidth: 110, flex: 1 } as const;
    return [
      {
        ...plain,
        field: 'displayName',
        headerName: t('adminPeople.columns.displayName'),
        minWidth: 160,
      },
      { ...plain, field: 'userName', headerName: t('adminPeople.columns.userName') },
      { ...plain, field: 'email', headerName: t('adminPeople.columns.email'), minWidth: 180 },
      {
        ...plain,
        field: 'role',
        headerName: t('adminPeople.columns.role'),
        valueFormatter: (value: string | null) => roleTitle(value),
      },
      {
        ...plain,
        field: 'insurers',
        headerName: t('adminPeople.columns.insurers'),
        minWidth: 150,
        renderCell: ({ row }) => <PersonInsurers user={row} />,
      },
      {
        ...plain,
        field: 'signIn',
        headerName: t('adminPeople.columns.signIn'),
        valueFormatter: (value: string) => t(`adminPeople.signIn.${value}`),
      },
      {
        ...plain,
        field: 'active',
        headerName: t('adminPeople.columns.active'),
        renderCell: ({ row }) => <PersonStatus user={row} />,
      },
      {
        ...plain,
        field: 'actions',
        headerName: t('adminPeople.columns.actions'),
        minWidth: 190,
        renderCell: ({ row }) => (
          <PersonActions user={row} onEdit={setEditing} onHistory={setHistory} />
        ),
      },
    ];
  }, [t, roleTitle]);

  const refusal =
    (list.error as ApiError | undefined)?.kind === 'response' &&
    (list.error as { status: number }).status === 400;
  let results;
  if (refusal) {
    const failure = list.error as Extract<ApiError, { kind: 'response' }>;
    results = (
      <ErrorWithAction
        message={t('adminPeople.refused', {
          message: failure.errors.map((e) => e.message).join(' ') || failure.message,
        })}
        action={t('adminPeople.filters.clear')}
        onAction={() => setParams(new URLSearchParams())}
      />
    );
  } else if (list.isError && !page) {
    results = (
      <ErrorWithAction
        message={t('adminPeople.failed')}
        action={t('common.retry')}
        onAction={() => void list.refetch()}
      />
    );
  } else if (!page) {
    results = <LinearProgress aria-label={t('adminPeople.loading')} />;
  } else if (page.items.length === 0 && pageNumber === 1) {
    results = (
      <Typography role="status" sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        {t('adminPeople.empty')}
      </Typography>
    );
  } else if (phone) {
    results = (
      <Box>
        <Stack component="ul" aria-label={t('adminPeople.cards')} spacing={1.5} sx={{ p: 0, m: 0 }}>
          {page.items.map((user) => (
            <Card component="li" key={user.subject} variant="outlined" sx={{ listStyle: 'none' }}>
              <CardContent>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
                >
                  <Typography
                    component="h2"
                    variant="subtitle1"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {user.displayName}
                  </Typography>
                  <PersonStatus user={user} />
                </Stack>
                <Box component="dl" sx={{ ...DESCRIPTION_LIST_SX, mb: 1.5 }}>
                  <DescriptionLine label={t('adminPeople.columns.userName')}>
                    {user.userName}
                  </DescriptionLine>
                  <DescriptionLine label={t('adminPeople.columns.email')}>
                    {user.email ?? '–'}
                  </DescriptionLine>
                  <DescriptionLine label={t('adminPeople.columns.role')}>
                    {roleTitle(user.role)}
                  </DescriptionLine>
                  <DescriptionLine label={t('adminPeople.columns.insurers')}>
                    <PersonInsurers user={user} />
                  </DescriptionLine>
                  <DescriptionLine label={t('adminPeople.columns.signIn')}>
                    {t(`adminPeople.signIn.${user.signIn}`)}
                  </DescriptionLine>
                </Box>
                <PersonActions user={user} onEdit={setEditing} onHistory={setHistory} />
              </CardContent>
            </Card>
          ))}
        </Stack>
        <Stack
          component="nav"
          aria-label={t('adminPeople.page', { page: pageNumber })}
          direction="row"
          spacing={1}
          sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Button
            variant="outlined"
            disabled={pageNumber <= 1 || list.isFetching}
            onClick={previous}
          >
            {t('adminPeople.previous')}
          </Button>
          <Typography variant="body2">{t('adminPeople.page', { page: pageNumber })}</Typography>
          <Button variant="outlined" disabled={!page.nextCursor || list.isFetching} onClick={next}>
            {t('adminPeople.next')}
          </Button>
        </Stack>
      </Box>
    );
  } else {
    const hasNextPage = page.nextCursor !== null;
    results = (
      <ServerGrid
        aria-label={t('adminPeople.grid')}
        rows={page.items}
        getRowId={(row) => row.subject}
        columns={columns}
        loading={list.isFetching}
        rowCount={hasNextPage ? -1 : cursors.length * USER_PAGE_SIZE + page.items.length}
        paginationMeta={{ hasNextPage }}
        paginationModel={{ page: pageNumber - 1, pageSize: USER_PAGE_SIZE }}
        onPaginationModelChange={changePage}
        pageSizeOptions={[USER_PAGE_SIZE]}
        disableColumnSorting
      />
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%' }}>
      <ScreenHeader
        headingId={headingId}
        title={t('adminPeople.title')}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('adminPeople.create')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <PeopleFilters key={filterKey} filters={filters} onFilters={setFilters} />
      </Paper>
      {results}
      {creating && (
        <CreatePersonDialog
          open
          title={t('adminPeople.form.createTitle')}
          submitLabel={t('adminPeople.form.create')}
          initial={EMPTY_DRAFT}
          onSubmit={(user) => create(user).unwrap()}
          onClose={() => setCreating(false)}
        />
      )}
      {editing && <EditPersonDialog user={editing} onClose={() => setEditing(null)} />}
      {history && (
        <AuditDrawer
          subjectType="user"
          subjectId={history.subject}
          title={t('adminPeople.historyOf', { name: history.displayName })}
          onClose={() => setHistory(null)}
        />
      )}
    </Box>
  );
}
