import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { careerSpan, type ProfileSection, type SectionItem } from './sections';

function ItemValue({ item }: { item: SectionItem }) {
  const { t } = useTranslation();
  switch (item.kind) {
    case 'text':
      return (
        <>
          <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
            {item.text}
          </Typography>
          {item.note && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {item.note}
            </Typography>
          )}
        </>
      );
    case 'email':
      return (
        <Link href={`mailto:${item.email}`} sx={{ overflowWrap: 'anywhere' }}>
          {item.email}
        </Link>
      );
    case 'chips':
      return (
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
        >
          {item.values.map((value, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: free texts may repeat; the list is static
            <li key={`${value}-${index}`}>
              <Chip size="small" label={value} sx={{ maxWidth: '100%' }} />
            </li>
          ))}
        </Box>
      );
    case 'careers':
      return (
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {item.careers.map((career, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stations have no id; the list is static
            <li key={index}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{career.title}</Typography>
              {career.company && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('profile.career.at', { company: career.company })}
                </Typography>
              )}
              {(career.from || career.to) && (
                <Typography variant="body2" color="text.secondary">
                  {careerSpan(t, career)}
                </Typography>
              )}
            </li>
          ))}
        </Box>
      );
  }
}

/** A section's facts as a description list (label, then value). */
function SectionItems({ section }: { section: ProfileSection }) {
  const single = section.items.length === 1 && section.items[0]?.label === section.title;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      {section.items.map((item) => (
        <Box key={item.label}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={single ? visuallyHidden : { fontWeight: 600, mb: 0.5 }}
          >
            {item.label}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <ItemValue item={item} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Layout `default`: every section is a card, two per row on wide screens. */
export function SectionCards({ sections }: { sections: ProfileSection[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        gap: { xs: 2, md: 3 },
        alignItems: 'start',
      }}
    >
      {sections.map((section) => (
        <Card
          key={section.key}
          component="section"
          variant="outlined"
          aria-labelledby={`profile-section-${section.key}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id={`profile-section-${section.key}`} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {section.title}
          </Typography>
          <SectionItems section={section} />
        </Card>
      ))}
    </Box>
  );
}

const sideKeys: ProfileSection['key'][] = ['contact', 'about'];

/**
 * Layout `variant`: a side column with the personal facts (contact, about) on a tinted panel, and
 * the work, career and further sections in the main column, divided by rules; stacked on phones.
 */
export function SectionColumns({ sections }: { sections: ProfileSection[] }) {
  const side = sections.filter((section) => sideKeys.includes(section.key));
  const main = sections.filter((section) => !sideKeys.includes(section.key));
  const heading = (section: ProfileSection) => (
    <Typography id={`profile-section-${section.key}`} variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
      {section.title}
    </Typography>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: side.length && main.length ? '320px minmax(0, 1fr)' : '1fr' },
        gap: { xs: 3, md: 4 },
        alignItems: 'start',
      }}
    >
      {side.length > 0 && (
        <Paper elevation={0} sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'action.hover', display: 'grid', gap: 3 }}>
          {side.map((section) => (
            <Box component="section" key={section.key} aria-labelledby={`profile-section-${section.key}`}>
              {heading(section)}
              <SectionItems section={section} />
            </Box>
          ))}
        </Paper>
      )}
      {main.length > 0 && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {main.map((section, index) => (
            <Box component="section" key={section.key} aria-labelledby={`profile-section-${section.key}`}>
              {index > 0 && <Divider sx={{ mb: 3 }} />}
              {heading(section)}
              <SectionItems section={section} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
