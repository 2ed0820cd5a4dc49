"""Fortify (702.67): an Equipment-like attach ability of Fortifications, for lands.

702.67a: "Fortify [cost]" means "[Cost]: Attach this Fortification to target land you control.
Activate only as a sorcery." (compiled from those words like equip's 702.6a definition; the
attach is 701.3, and a Fortification attached to an illegal object becomes unattached as a
state-based action, 704.5n, 301.6). "Fortified land" names the land it is attached to (301.6).
"""

from __future__ import annotations

from rules_engine import registry

registry.register_keyword_texts({
    # 702.67a
    "fortify": ("{cost}: Attach this permanent to target land you control. Activate only as a "
                "sorcery.",),
})
