import { Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { HighlightsDialog, type HighlightsTarget } from './highlights-dialog';

const HOME: HighlightsTarget = { scope: 'home', id: '', name: 'the home page' };

/** The dashboard's card for the home page's highlights (docs/product.md §20). */
export function HomeHighlightsCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>Home page highlights</CardTitle>
        <CardDescription>
          Up to six places shown first on the home page, under “Highlights”, in your order. Cities and countries have
          their own: the Highlights button on each in Manage Cities and Manage Countries.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Star aria-hidden="true" /> Choose home highlights
        </Button>
        <HighlightsDialog target={open ? HOME : undefined} onClose={() => setOpen(false)} />
      </CardContent>
    </Card>
  );
}
