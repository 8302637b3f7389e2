"""The papers' values, typed once: read by the reproduce modules and by the tests.

Ethier & Lee, *A Markovian analysis of casino baccara as a bimatrix game* (paper I,
:mod:`.paper1`) and *Baccara chemin de fer II* (paper II, Models B2 and B3:
:mod:`.paper2_b2`, :mod:`.paper2_b3`). Everything here is transcribed from the papers
(tables, displays, printed constants); nothing is computed from the models. Names shared
by the two paper-II sections carry a ``B2_``/``B3_`` prefix.
"""

from __future__ import annotations

from fractions import Fraction as F

# ==========================================================================================
# Paper I (Model A1)
# ==========================================================================================
U6 = 13**6
A_UNIT = F(16, U6)  # Aᵀ is printed in units of 16/13⁶
B_UNIT = F(8, U6)  # B_αᵀ in units of 8/13⁶

class Aff:
    """c₀ + c₁α with exact coefficients, printed like the paper's affine functions."""

    __slots__ = ("c0", "c1")

    def __init__(self, c0, c1) -> None:
        self.c0, self.c1 = F(c0), F(c1)

    def __call__(self, a):
        return self.c0 + self.c1 * a

    def __getitem__(self, i: int) -> F:
        return (self.c0, self.c1)[i]

    def __eq__(self, other) -> bool:
        return isinstance(other, Aff) and (self.c0, self.c1) == (other.c0, other.c1)

    def __hash__(self) -> int:
        return hash((self.c0, self.c1))

    def __str__(self) -> str:
        if not self.c1:
            return str(self.c0)
        sign = "-" if self.c1 < 0 else "+"
        return f"{self.c0} {sign} {abs(self.c1)}α"

    __repr__ = __str__

#: Table 1 (0 ≤ α < 1/15), rows = Banker totals 0–7, columns 0–9 and ∅. "*" = S vs "S on 5",
#: D vs "D on 5". (The Markdown copy prints a spurious twelfth column; typed from the text.)
TABLE1 = {
    0: "DDDDDDDDDDD",
    1: "DDDDDDDDDDD",
    2: "DDDDDDDDDDD",
    3: "DDDDDDDDS*D",
    4: "S*DDDDDDSSD",
    5: "SSSS*DDDSSD",
    6: "SSSSSSDDSS*",
    7: "SSSSSSSSSSS",
}
STAR_CELLS = ("3:9", "4:1", "5:4", "6:-")  # the paper's (3,9), (4,1), (5,4), (6,∅)




def _aff(c0, c1) -> Aff:
    return Aff(F(c0), F(c1))


#: (2)–(5) and the (6,6) display: b_{u,v}(j,k) = c₀ + c₁α, keyed (u, v).
PAPER_B = {
    "3:9": {(0, 0): _aff(F(23, 89), F(-48, 89)), (0, 1): _aff(F(12 * 19, 1157), F(-12 * 52, 1157)),
            (1, 0): _aff(F(7, 105), F(-48, 105)), (1, 1): _aff(F(4 * 49, 1365), F(-4 * 176, 1365))},
    "4:1": {(0, 0): _aff(F(41, 89), F(-57, 89)), (0, 1): _aff(F(3 * 142, 1157), F(-3 * 241, 1157)),
            (1, 0): _aff(F(25, 105), F(-57, 105)), (1, 1): _aff(F(110, 455), F(-257, 455))},
    "5:4": {(0, 0): _aff(F(-23, 89), F(-25, 89)), (0, 1): _aff(F(-60 * 5, 1157), F(-60 * 6, 1157)),
            (1, 0): _aff(F(-39, 105), F(-25, 105)), (1, 1): _aff(F(-4 * 41, 455), F(-4 * 30, 455))},
    "6:-": {(0, 0): _aff(0, F(-1, 3)), (0, 1): _aff(F(-3, 13), F(-4, 13)),
            (1, 0): _aff(F(-1, 2), 0), (1, 1): _aff(F(-11, 26), F(-5, 26))},
    "6:6": {(0, 0): _aff(F(-32, 89), F(-16, 89)), (0, 1): _aff(F(-3 * 121, 1157), F(-3 * 105, 1157)),
            (1, 0): _aff(F(-16, 105), F(-32, 105)), (1, 1): _aff(F(-203, 1365), F(-491, 1365))},
}

#: 2×16: rows SSSS … DDDD over (3,9),(4,1),(5,4),(6,∅); Aᵀ (×16/13⁶) and B_αᵀ = (c − sα)(×8/13⁶).
PAPER_AT16 = [(-4636, -3585), (-2764, -4001), (-4635, -3600), (-2763, -4016), (-4529, -3590),
              (-2657, -4006), (-4528, -3605), (-2656, -4021), (-4565, -3690), (-2693, -4106),
              (-4564, -3705), (-2692, -4121), (-4458, -3695), (-2586, -4111), (-4457, -3710),
              (-2585, -4126)]
PAPER_BT16 = [((9272, 278353), (7170, 276363)), ((5528, 277937), (8002, 278443)),
              ((9270, 278423), (7200, 276433)), ((5526, 278007), (8032, 278513)),
              ((9058, 278317), (7180, 276423)), ((5314, 277901), (8012, 278503)),
              ((9056, 278387), (7210, 276493)), ((5312, 277971), (8042, 278573)),
              ((9130, 278353), (7380, 276523)), ((5386, 277937), (8212, 278603)),
              ((9128, 278423), (7410, 276593)), ((5384, 278007), (8242, 278673)),
              ((8916, 278317), (7390, 276583)), ((5172, 277901), (8222, 278663)),
              ((8914, 278387), (7420, 276653)), ((5170, 277971), (8252, 278733))]
LABELS16 = ["SSSS", "SSSD", "SSDS", "SSDD", "SDSS", "SDSD", "SDDS", "SDDD",
            "DSSS", "DSSD", "DSDS", "DSDD", "DDSS", "DDSD", "DDDS", "DDDD"]
#: the 2×5 after strict dominance, and the dominations listed in section 2
PAPER_KEPT5 = [0, 2, 10, 11, 15]
PAPER_DOMINATIONS = {4: (10,), 6: (10,), 12: (10,), 5: (11,), 7: (11,), 13: (11,),
                     1: (0, 11), 3: (0, 11), 8: (0, 10), 9: (10, 11), 14: (10, 11)}

V_P = F(-679568, 11 * U6)  # (6)
P_MAXMIN = F(9, 11)


def paper_vB(a: F) -> F:  # (7)
    return F(8) * (84946 - 3099233 * a + 1668708 * a * a) / ((11 - 6 * a) * U6)


def paper_q(a: F) -> F:  # (8)
    return (859 - 915 * a) / (2288 - 1248 * a)


def paper_p(a):  # (9)
    return (9 - a) / (11 - 6 * a)


def paper_vB_above(a: F) -> F:  # (12)
    return F(8) * (84644 - 3096915 * a + 1667488 * a * a) / ((11 - 6 * a) * U6)


def paper_q_above(a: F) -> F:  # after (12)
    return (811 - 883 * a) / (2288 - 1248 * a)


ALPHA_PRIME = "(34601239 - sqrt(1060031672799697))/36711576"
ALPHA_0 = "(1159 - sqrt(974841))/1220"
PAPER_EXCEPTIONS_10 = ["(64 - sqrt(3526))/57", "6/35", "(21 - sqrt(301))/14", "(130 - 3*sqrt(998))/107"]
Q_BELOW, Q_ABOVE = F(859, 2288), F(811, 2288)
PAPER_KEPT8 = [2, 6, 20, 21, 22, 23, 29, 31]
PAPER_KEPT9 = [0, 2, 6, 8, 10, 12, 13, 14, 15]
#: (11): the four extreme equilibria at α₀ as Banker mixtures on (3,9),(4,1),(5,4),(6,6),(6,∅)
PAPER_EQ11 = [
    {"DSDDS": F(1429, 2288), "DSDDD": F(859, 2288)},
    {"DSDSS": F(1477, 2288), "DSDSD": F(811, 2288)},
    {"DSDSS": F(1429, 2240), "DSDDD": F(811, 2240)},
    {"DSDDS": F(1477, 2336), "DSDSD": F(859, 2336)},
]
PAPER_EQ11_PLAYER = [F(-679568, 11 * U6), F(-677152, 11 * U6), F(-8629431, 140 * U6),
                     F(-9007929, 146 * U6)]
V_P_ABOVE = F(-677152, 11 * U6)

#: section 4, the modern 2×4 game: rows SSSS, SSDS, DSSS, DSDS
PAPER_AT4 = [(-4636, -3585), (-4635, -3600), (-4565, -3690), (-4564, -3705)]
PAPER_BT4 = [((9272, 278353), (7170, 276363)), ((9270, 278423), (7200, 276433)),
             ((9130, 278353), (7380, 276523)), ((9128, 278423), (7410, 276593))]
LABELS4 = ["SSSS", "SSDS", "DSSS", "DSDS"]

#: sample commissions for statements about α-intervals (exact rationals)
BELOW_1_15 = [F(0), F(1, 100), F(1, 40), F(1, 20), F(1, 16), F(1, 15) - F(1, 10**4)]
BELOW_ALPHA0 = [F(1, 15), F(2, 25), F(1, 10), F(7, 50)]  # 1/15 ≤ α < α₀ ≈ 0.140705
ABOVE_ALPHA0 = [F(141, 1000), F(3, 20), F(1, 6)]  # α₀ < α ≤ 1/6
ABOVE_1_6 = [F(1, 6) + F(1, 10**4), F(6, 35), F(1, 5), F(3, 10), F(39, 100), F(2, 5) - F(1, 10**4)]


# ==========================================================================================
# Paper II, Model B2
# ==========================================================================================
#: Table 1 (d = 6, α = 0 and α = 1/10): rows = Banker totals, columns 0–9, ∅; "*" = see the
#: footnotes below (per composition: the class at α = 0 and at α = 1/10).
TABLE1_GRID = {
    0: "DDDDDDDDDDD", 1: "DDDDDDDDDDD", 2: "DDDDDDDDDDD",
    3: "DDDDDDDDS*D",
    4: "S*DDDDDDSSD",
    5: "SSSS*DDDSSD",
    6: "SSSSSS*DSS*",
    7: "SSSSSSSSSSS",
}
TABLE1_FOOTNOTES = {
    "03:9": ("S/D", "S/D"), "12:9": ("S/D", "S/D"), "49:9": ("S/D", "S/D"), "58:9": ("S/D", "S/D"),
    "67:9": ("S/D", "S/D"),
    "04:1": ("S", "S"), "13:1": ("S", "S"), "59:1": ("S", "S"),
    "22:1": ("S/D", "S"),
    "68:1": ("S/D", "S/D"), "77:1": ("S/D", "S/D"),
    "05:4": ("S/D", "S/D"), "69:4": ("S/D", "S/D"), "78:4": ("S/D", "S/D"),
    "14:4": ("S", "S"), "23:4": ("S", "S"),
    "06:-": ("S/D", "S/D"), "15:-": ("S/D", "S/D"), "24:-": ("S/D", "S/D"), "33:-": ("S/D", "S/D"),
    "79:-": ("S/D", "S/D"), "88:-": ("S/D", "S/D"),
    "06:6": ("D", "D"), "79:6": ("D", "D"), "88:6": ("D", "D"),
    "15:6": ("D", "D/S"), "24:6": ("D", "D/S"),
    "33:6": ("D/S", "D/S"),
}

#: The 20 best-response-discontinuity curves for d = 6 (before Table 1), in our printing of
#: the paper's fractions: (477,191 − 54,732α)/(12(49,377 − 26,957α)) etc.
CURVES_D6 = {
    "03:9": "(471143 + 1081*alpha)/(24*(49118 - 22303*alpha))",
    "12:9": "(475514 - 3219*alpha)/(24*(48930 - 22303*alpha))",
    "49:9": "(79051 - 1643*alpha)/(4*(49117 - 22302*alpha))",
    "58:9": "(459978 + 5089*alpha)/(24*(48334 - 21947*alpha))",
    "67:9": "(458114 + 9555*alpha)/(2*(589498 - 267671*alpha))",
    "22:1": "(732517 - 127942*alpha)/(24*(31070 - 13467*alpha))",
    "68:1": "(676141 - 99462*alpha)/(24*(31442 - 13465*alpha))",
    "77:1": "7*(95873 - 13162*alpha)/(24*(31442 - 13465*alpha))",
    "05:4": "2*(13030 + 112111*alpha)/102143",
    "69:4": "(29485 + 222912*alpha)/103799",
    "78:4": "(22301 + 223099*alpha)/103799",
    "06:-": "(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))",
    "15:-": "(474840 - 49249*alpha)/(24*(24298 - 13265*alpha))",
    "24:-": "(486444 - 56617*alpha)/(108*(5486 - 2995*alpha))",
    "33:-": "17*(4903 - 621*alpha)/(144*(691 - 377*alpha))",
    "79:-": "(239771 - 25800*alpha)/(42*(7027 - 3824*alpha))",
    "88:-": "(78837 - 8300*alpha)/(112*(875 - 478*alpha))",
    "15:6": "(348662 - 715139*alpha)/(24*(13068 - 8627*alpha))",
    "24:6": "(116325 - 239444*alpha)/(32*(3272 - 2191*alpha))",
    "33:6": "(149704 - 346703*alpha)/(288*(561 - 373*alpha))",
}
#: "which has 17 elements" (T₀₁, S/D) and "three elements" (T₁₀, D/S)
N_T01, N_T10 = 17, 3
#: curves meeting p = 1 ("only partially defined"), and none meets p = 0
BOUNDARY_D6 = {"22:1": 1, "15:6": 1, "24:6": 1}

#: The strategic sets of Tables 2–3, in the order of their strategy strings.
ORDER_T2 = ("03:9", "12:9", "49:9", "58:9", "67:9", "22:1", "68:1", "77:1", "05:4", "69:4", "78:4",
            "06:-", "15:-", "24:-", "33:-", "79:-", "88:-", "15:6", "24:6", "33:6")

#: Table 2: case, curve, approximate α-interval, Banker strategy.
TABLE2 = """
01 03:9 [0.,0.0589814) MSSDD-SSS-DDD-SSSSSS-DDD
02 03:9 (0.0589814,0.0720302) MSSDD-SSS-DSD-SSSSSS-DDD
03 03:9 (0.0720302,0.0943555) MSSDD-SSS-SSD-SSSSSS-DDD
04 03:9 (0.0943555,0.1] MSSDD-SSS-SSS-SSSSSS-DDD
05 12:9 [0.,0.0616535) DMDDD-SSS-DDD-SSSSSS-DDD
06 12:9 (0.0616535,0.0746382) DMDDD-SSS-DSD-SSSSSS-DDD
07 12:9 (0.0746382,0.0970241) DMDDD-SSS-SSD-SSSSSS-DDD
08 12:9 (0.0970241,0.1] DMDDD-SSS-SSS-SSSSSS-DDD
09 49:9 [0.,0.0601033) DSMDD-SSS-DDD-SSSSSS-DDD
10 49:9 (0.0601033,0.0730711) DSMDD-SSS-DSD-SSSSSS-DDD
11 49:9 (0.0730711,0.0953236) DSMDD-SSS-SSD-SSSSSS-DDD
12 49:9 (0.0953236,0.1] DSMDD-SSS-SSS-SSSSSS-DDD
13 58:9 [0.,0.0574359) SSSMD-SSS-DDD-SSSSSS-DDD
14 58:9 (0.0574359,0.0705339) SSSMD-SSS-DSD-SSSSSS-DDD
15 58:9 (0.0705339,0.0928460) SSSMD-SSS-SSD-SSSSSS-DDD
16 58:9 (0.0928460,0.1] SSSMD-SSS-SSS-SSSSSS-DDD
17 67:9 [0.,0.0533616) SSSSM-SSS-DDD-SSSSSS-DDD
18 67:9 (0.0533616,0.0665524) SSSSM-SSS-DSD-SSSSSS-DDD
19 67:9 (0.0665524,0.0887637) SSSSM-SSS-SSD-SSSSSS-DDD
20 67:9 (0.0887637,0.1] SSSSM-SSS-SSS-SSSSSS-DDD
21 22:1 [0.,0.0674106) DDDDD-MDD-DDD-DDDDDD-DDS
22 68:1 [0.,0.0169646) DDDDD-SMD-DDD-DDDDDD-DDD
23 68:1 (0.0169646,0.1] DDDDD-SMD-DDD-DDDDDD-DDS
24 77:1 [0.,0.0205398) DDDDD-SSM-DDD-DDDDDD-DDD
25 77:1 (0.0205398,0.1] DDDDD-SSM-DDD-DDDDDD-DDS
26 05:4 [0.,0.0665524) SSSSS-SSS-MSD-SSSSSS-DDD
27 05:4 (0.0665524,0.0705339) SSSSD-SSS-MSD-SSSSSS-DDD
28 05:4 (0.0705339,0.0720302) SSSDD-SSS-MSD-SSSSSS-DDD
29 05:4 (0.0720302,0.0730711) DSSDD-SSS-MSD-SSSSSS-DDD
30 05:4 (0.0730711,0.0746382) DSDDD-SSS-MSD-SSSSSS-DDD
31 05:4 (0.0746382,0.1] DDDDD-SSS-MSD-SSSSSS-DDD
32 69:4 [0.,0.0533616) SSSSS-SSS-DMD-SSSSSS-DDD
33 69:4 (0.0533616,0.0574359) SSSSD-SSS-DMD-SSSSSS-DDD
34 69:4 (0.0574359,0.0589814) SSSDD-SSS-DMD-SSSSSS-DDD
35 69:4 (0.0589814,0.0601033) DSSDD-SSS-DMD-SSSSSS-DDD
36 69:4 (0.0601033,0.0616535) DSDDD-SSS-DMD-SSSSSS-DDD
37 69:4 (0.0616535,0.1] DDDDD-SSS-DMD-SSSSSS-DDD
38 78:4 [0.,0.0887637) SSSSS-SSS-SSM-SSSSSS-DDD
39 78:4 (0.0887637,0.0928460) SSSSD-SSS-SSM-SSSSSS-DDD
40 78:4 (0.0928460,0.0943555) SSSDD-SSS-SSM-SSSSSS-DDD
41 78:4 (0.0943555,0.0953236) DSSDD-SSS-SSM-SSSSSS-DDD
42 78:4 (0.0953236,0.0970241) DSDDD-SSS-SSM-SSSSSS-DDD
43 78:4 (0.0970241,0.1] DDDDD-SSS-SSM-SSSSSS-DDD
44 06:- [0.,0.0620017) DDDDD-SSS-DDD-MSSSSD-DDD
45 06:- (0.0620017,0.1] DDDDD-SSS-DDD-MSSSSD-DDS
46 15:- [0.,0.0572395) DDDDD-SSS-DDD-DMSSDD-DDD
47 15:- (0.0572395,0.1] DDDDD-SSS-DDD-DMSSDD-DDS
48 24:- [0.,0.0541199) DDDDD-SSS-DDD-DDMSDD-DDD
49 24:- (0.0541199,0.1] DDDDD-SSS-DDD-DDMSDD-DDS
50 33:- [0.,0.0458777) DDDDD-SSS-DDD-DDDMDD-DDD
51 33:- (0.0458777,0.1] DDDDD-SSS-DDD-DDDMDD-DDS
52 79:- [0.,0.0583077) DDDDD-SSS-DDD-DSSSMD-DDD
53 79:- (0.0583077,0.1] DDDDD-SSS-DDD-DSSSMD-DDS
54 88:- [0.,0.0622043) DDDDD-SSS-DDD-SSSSSM-DDD
55 88:- (0.0622043,0.1] DDDDD-SSS-DDD-SSSSSM-DDS
56 15:6 (0.0689443,0.1] DDDDD-SDD-DDD-DDDDDD-MSS
57 24:6 (0.0686285,0.1] DDDDD-SDD-DDD-DDDDDD-DMS
58 33:6 [0.,0.0169646) DDDDD-SDD-DDD-DDDDDD-DDM
59 33:6 (0.0169646,0.0205398) DDDDD-SSD-DDD-DDDDDD-DDM
60 33:6 (0.0205398,0.0458777) DDDDD-SSS-DDD-DDDDDD-DDM
61 33:6 (0.0458777,0.0541199) DDDDD-SSS-DDD-DDDSDD-DDM
62 33:6 (0.0541199,0.0572395) DDDDD-SSS-DDD-DDSSDD-DDM
63 33:6 (0.0572395,0.0583077) DDDDD-SSS-DDD-DSSSDD-DDM
64 33:6 (0.0583077,0.0620017) DDDDD-SSS-DDD-DSSSSD-DDM
65 33:6 (0.0620017,0.0622043) DDDDD-SSS-DDD-SSSSSD-DDM
66 33:6 (0.0622043,0.1] DDDDD-SSS-DDD-SSSSSS-DDM
"""
#: "Only in cases 44 and 45 is there an equalizing strategy." (19) and (20)
T2_EQUALIZING = {44: F(77143741, 121269912), 45: F(76834069, 121269912)}

#: Table 3: case, intersecting curves, approximate α, Banker strategy.
TABLE3 = """
01 03:9 05:4 0.0720302 MSSDD-SSS-MSD-SSSSSS-DDD
02 03:9 69:4 0.0589814 MSSDD-SSS-DMD-SSSSSS-DDD
03 03:9 78:4 0.0943555 MSSDD-SSS-SSM-SSSSSS-DDD
04 12:9 05:4 0.0746382 DMDDD-SSS-MSD-SSSSSS-DDD
05 12:9 69:4 0.0616535 DMDDD-SSS-DMD-SSSSSS-DDD
06 12:9 78:4 0.0970241 DMDDD-SSS-SSM-SSSSSS-DDD
07 49:9 05:4 0.0730711 DSMDD-SSS-MSD-SSSSSS-DDD
08 49:9 69:4 0.0601033 DSMDD-SSS-DMD-SSSSSS-DDD
09 49:9 78:4 0.0953236 DSMDD-SSS-SSM-SSSSSS-DDD
10 58:9 05:4 0.0705339 SSSMD-SSS-MSD-SSSSSS-DDD
11 58:9 69:4 0.0574359 SSSMD-SSS-DMD-SSSSSS-DDD
12 58:9 78:4 0.0928460 SSSMD-SSS-SSM-SSSSSS-DDD
13 67:9 05:4 0.0665524 SSSSM-SSS-MSD-SSSSSS-DDD
14 67:9 69:4 0.0533616 SSSSM-SSS-DMD-SSSSSS-DDD
15 67:9 78:4 0.0887637 SSSSM-SSS-SSM-SSSSSS-DDD
16 68:1 33:6 0.0169646 DDDDD-SMD-DDD-DDDDDD-DDM
17 77:1 33:6 0.0205398 DDDDD-SSM-DDD-DDDDDD-DDM
18 06:- 33:6 0.0620017 DDDDD-SSS-DDD-MSSSSD-DDM
19 15:- 33:6 0.0572395 DDDDD-SSS-DDD-DMSSDD-DDM
20 24:- 33:6 0.0541199 DDDDD-SSS-DDD-DDMSDD-DDM
21 33:- 33:6 0.0458777 DDDDD-SSS-DDD-DDDMDD-DDM
22 79:- 33:6 0.0583077 DDDDD-SSS-DDD-DSSSMD-DDM
23 88:- 33:6 0.0622043 DDDDD-SSS-DDD-SSSSSM-DDM
"""
#: "Only in case 18 are there equalizing strategies."
T3_EQUALIZING = (18,)

#: α₀ (before (21)) and its decimal.
ALPHA0 = "(16145999279 - sqrt(226436619657206227489))/17712223814"
ALPHA0_APPROX = "0.0620017"
#: Player's 2×2 matrices A of rows 44 and 45 (rows: P stands / draws at 5; columns: B stands /
#: draws at ((0,6),∅)), and the 2×4 matrix at α₀ (columns SS, SD, DS, DD: the move at
#: ((0,6),∅), then at ((3,3),6)).
_U = 1525814595305
A44 = ((F(-22721165499, _U), F(-3606648223, 305162919061)),
       (F(-2716895133, 217973513615), F(-20151297323, _U)))
A45 = ((F(-22707392731, _U), F(-18019468347, _U)),
       (F(-19019357419, _U), F(-20152388811, _U)))
A_2X4 = ((F(-22707392731, _U), F(-22721165499, _U), F(-18019468347, _U), F(-3606648223, 305162919061)),
         (F(-19019357419, _U), F(-2716895133, 217973513615), F(-20152388811, _U), F(-20151297323, _U)))
Q19, Q20 = F(77143741, 121269912), F(76834069, 121269912)
#: (21)–(24): mixtures over (SS, SD, DS, DD)
_q21, _q22, _q23, _q24 = F(76834069, 121269912), F(76834069, 120960240), F(77143741, 121579584), F(77143741, 121269912)
EQ21_24 = {(1 - _q21, 0, _q21, 0), (1 - _q22, 0, 0, _q22), (0, 1 - _q23, _q23, 0), (0, 1 - _q24, 0, _q24)}
#: (25)
EQ25 = "(477191 - 54732*alpha)/(12*(49377 - 26957*alpha))"

#: Table 4: d → (a) curves, (b) intersections, (c) boundary curves, (d) intervals, (e) non-unique.
TABLE4 = {1: (26, 13, 4, 52, 2), 2: (23, 30, 3, 83, 1), 3: (22, 9, 4, 40, 0), 4: (21, 19, 4, 59, 1),
          5: (21, 24, 4, 69, 1), 6: (20, 23, 3, 66, 1), 7: (26, 24, 9, 74, 1), 8: (28, 34, 10, 96, 2),
          9: (28, 39, 9, 106, 2), 10: (28, 28, 8, 84, 2), 11: (28, 31, 9, 90, 2), 12: (28, 26, 9, 80, 0),
          13: (28, 28, 9, 84, 0), 14: (28, 27, 9, 82, 0), 15: (28, 30, 7, 88, 0), 16: (28, 30, 7, 88, 0),
          17: (28, 35, 7, 98, 0), 18: (28, 35, 6, 98, 0), 19: (28, 36, 6, 100, 0), 20: (28, 44, 6, 116, 0)}
TABLE4.update({d: (28, 46, 6, 120, 0) for d in range(21, 38)})
TABLE4.update({d: (28, 41, 6, 110, 0) for d in range(38, 45)})
TABLE4[45] = (28, 38, 6, 104, 0)
TABLE4.update({d: (28, 36, 6, 100, 0) for d in range(46, 77)})
TABLE4_LARGE = (28, 37, 6, 102, 0)  # d ≥ 77
#: for d ≥ 77: "the six curves corresponding to (4,1) intersect the six partial curves
#: corresponding to (6,6), and p((1,5),6) intersects p((2,4),6)"
D77_PAIRS = {frozenset((f"{a}:1", f"{b}:6")) for a in ("04", "13", "22", "59", "68", "77")
             for b in ("06", "15", "24", "33", "79", "88")} | {frozenset(("15:6", "24:6"))}

#: Table 5 (all d ≥ 1, 0 ≤ α ≤ 1/10): "*" = see Table 6.
TABLE5_GRID = {
    0: "DDDDDDDDDDD", 1: "DDDDDDDDDDD", 2: "DDDDDDDDDDD",
    3: "DDDDDDDD*DD",
    4: "S*DDDDDDSSD",
    5: "SSSS*DDDSSD",
    6: "SSSSSS*DSS*",
    7: "SSSSSSSSSSS",
}
#: Table 6's five situations (Banker total, Player's third card) in the order of its strings.
T6_SITUATIONS = ((3, "8"), (4, "1"), (5, "4"), (6, "-"), (6, "6"))
#: Table 6: d's, α-interval (names of the ends), Banker strategy, equation of q.
TABLE6 = (
    ((1,), "[0,α1)", "SSDSS-SSSSDD-SSSSS-MSSSSD-DDDSDD", 27),
    ((1,), "(α1,α2)", "SSDDS-SSSSDD-SSSSS-MSSSSD-DDDSDD", 28),
    ((1,), "(α2,1/10]", "SSDDD-SSSSDD-SSSSS-MSSSSD-DDDSDD", 29),
    ((2,), "[0,α3)", "SSSSS-SSSSDD-DSSSD-MSSSSD-DDDSDD", 30),
    ((2,), "(α3,1/10]", "SSSSS-SSSSDD-SSSSD-MSSSSD-DDDSDD", 31),
    ((3,), "[0,1/10]", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", 33),
    ((4, 5, 6, 7), "[0,α0)", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", 32),
    ((4, 5, 6, 7), "(α0,1/10]", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", 33),
    ((8, 9), "[0,α4)", "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDDDD", 34),
    ((8, 9), "(α4,α0)", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", 32),
    ((8, 9), "(α0,1/10]", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", 33),
    ((10, 11), "[0,α5)", "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD", 35),
    ((10, 11), "(α5,α0)", "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDDDD", 34),
    ((10, 11), "(α0,1/10]", "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDSDD", 36),
    ("≥12", "[0,1/10]", "SSSSS-SSSSSS-DDDDD-MSSSSD-DDDDDD", 35),
)
#: Table 6's caption: α_i is where p((0,6),∅) meets p(curve); approximate values by d.
T6_ALPHA_CURVES = {"α0": "33:6", "α1": "58:8", "α2": "67:8", "α3": "05:4", "α4": "14:4", "α5": "23:4"}
T6_ALPHA_APPROX = {
    ("α0", 4): "0.0203752", ("α0", 5): "0.0455422", ("α0", 6): "0.0620017", ("α0", 7): "0.0736066",
    ("α0", 8): "0.0822287", ("α0", 9): "0.0888871", ("α0", 10): "0.0941842", ("α0", 11): "0.0984987",
    ("α1", 1): "0.0286666", ("α2", 1): "0.0353207", ("α3", 2): "0.0243989",
    ("α4", 8): "0.0203533", ("α4", 9): "0.0740412", ("α5", 10): "0.0492165", ("α5", 11): "0.0889241",
}
#: The mixed set of Table 6 and the drawing probabilities (27)–(36) (sympy strings in d).
MIXED_SET = "06:-"
_B2_DEN = "(8*d*(52*d - 5)*(1408*d**2 - 220*d + 9))"
B2_Q_EQ = {
    27: "290383/450072", 28: "288499/450072", 29: "40811/64296",
    30: "2591845/4119192", 31: "872479/1373064",
    32: f"(368640*d**4 - 68624*d**3 - 2168*d**2 + 981*d - 48)/{_B2_DEN}",
    33: f"(367104*d**4 - 68000*d**3 - 2228*d**2 + 981*d - 48)/{_B2_DEN}",
    34: f"(367616*d**4 - 67728*d**3 - 2416*d**2 + 1015*d - 51)/{_B2_DEN}",
    35: f"(366592*d**4 - 67344*d**3 - 2456*d**2 + 1017*d - 51)/{_B2_DEN}",
    36: f"(366080*d**4 - 67104*d**3 - 2476*d**2 + 1015*d - 51)/{_B2_DEN}",
}
#: (26)
EQ26 = ("((8*d - 1)*(12*d - 1)*(24*d - 1) - 2*alpha*d*(128*d**2 - 8*d + 1))"
        "/(2*d*(1408*d**2 - 220*d + 9) - 2*alpha*d*(768*d**2 - 116*d + 5))")
#: Theorem 1: number of exceptional α by d (all other d: none), four support-2 strategies each.
THM1_EXCEPTIONS = {1: 2, 8: 2, 9: 2, 10: 2, 11: 2, 2: 1, 4: 1, 5: 1, 6: 1, 7: 1}
THM1_STRATEGIES = 4
#: (37), (38)
EQ37 = "(9 - alpha)/(11 - 6*alpha)"
Q_LIMIT = F(179, 286)
EQ38 = F(859, 2288)
#: Paper I, Theorem 2 (Model A1, 0 ≤ α < 2/5): α₀, q below and above, p = (9 − α)/(11 − 6α),
#: draw (3,9), stand (4,1), draw (5,4), (6,6) D below α₀ and S above.
A1_ALPHA0 = "(1159 - sqrt(974841))/1220"
A1_Q = (F(859, 2288), F(811, 2288))
A1_MOVES = ({"3:9": "D", "4:1": "S", "5:4": "D", "6:6": "D"}, {"3:9": "D", "4:1": "S", "5:4": "D", "6:6": "S"})
A1_HI = F(2, 5)


# ==========================================================================================
# Paper II, Model B3
# ==========================================================================================
ROW_SETS = ("05", "14", "23", "69", "78")
SETS20 = (
    "03:9", "12:9", "49:9", "58:9", "67:9",
    "22:1", "68:1", "77:1",
    "05:4", "69:4", "78:4",
    "06:-", "15:-", "24:-", "33:-", "79:-", "88:-",
    "15:6", "24:6", "33:6",
)
#: display (45) (0 ≤ α < α₀) and the α₀ < α ≤ 1/10 version (D at ((3,3),6) changed to S)
EQ45 = ("DDDDD-SSS-DDD-SSSSSD-DDD", "DDDDD-SSS-DDD-DSSSSD-DDD")
EQ45_HIGH = ("DDDDD-SSS-DDD-SSSSSD-DDS", "DDDDD-SSS-DDD-DSSSSD-DDS")
#: the columns of the 2⁵ × 2²⁰ game (of 0–1,048,575), before and after β₀
COLUMNS = (1_019_407, 1_019_663)
COLUMNS_HIGH = (1_019_406, 1_019_662)
#: Foster on the 2 × 2⁵ game (d = 6)
T10_RESTRICTED = ("05", "14", "23", "69", "78")
ORDER_RESTRICTED = ("23", "14", "05", "78", "69")  # 0 < p*(2,3) < p*(1,4) < … < p*(6,9) < 1
EQ48 = "(35003 + 186672*alpha)/(576*(130 - 71*alpha))"  # = (51)
EQ49 = F(18_885_571, 36_781_056)
EQ50 = F(18_792_835, 36_781_056)
#: Foster on (A°, B°), rows 19 and 27 of the 2⁵ × 2²⁰ game, at α = 0 and α = 1/10
T01_VERIFY = ("06:-", "15:-", "24:-", "33:-", "79:-", "88:-")
T10_VERIFY = {F(0): (), F(1, 10): ("33:6",)}
#: β₀ = (84,325,687 − √6,246,646,053,635,809)/92,945,476 ≈ 0.0569147
BETA0 = (84_325_687, -1, 6_246_646_053_635_809, 92_945_476)
BETA0_DEC = "0.0569147"
#: Player's 2 × 4 payoff matrix at β₀ (rows S, D at (1,4); Banker SS, SD, DS, DD at
#: ((0,6),∅), ((3,3),6)). The paper prints the (D, SD) entry as −1,939,185,798/…; the
#: correct value, used here, is −19,391,857,983/… (a dropped digit: see the claim text).
MATRIX_2X4 = (
    (F(-3_953_411_487, 305_162_919_061), F(-19_769_569_403, 1_525_814_595_305),
     F(-19_423_187_963, 1_525_814_595_305), F(-1_765_972_721, 138_710_417_755)),
    (F(-3_878_240_147, 305_162_919_061), F(-19_391_857_983, 1_525_814_595_305),
     F(-19_782_952_383, 1_525_814_595_305), F(-19_783_609_631, 1_525_814_595_305)),
)
MATRIX_2X4_PRINTED_TYPO = F(-1_939_185_798, 1_525_814_595_305)
BANKER_COLUMNS_2X4 = ("SS", "SD", "DS", "DD")
EQUALIZING = {
    ("SS", "DS"): F(18_792_835, 36_781_056),
    ("SS", "DD"): F(3_758_567, 7_337_664),
    ("SD", "DS"): F(18_885_571, 36_873_792),
    ("SD", "DD"): F(18_885_571, 36_781_056),
}
#: (54) (d ≥ 2) and (55) (d = 1): Player's probability of drawing at (1,4)
EQ54 = ("((12*d - 1)*(16*d**2 - 14*d + 1) + 8*alpha*d*(112*d**2 - 24*d + 1))"
        "/(32*d**2*(11*d - 1) - 16*d**2*alpha*(12*d - 1))")
EQ55 = "(4 + 203*alpha)/(2*(38 - 21*alpha))"
_B3_DEN = "/(256*d**2*(11*d - 1)*(52*d - 5))"
#: (56)–(66): Banker's mixing probability
B3_Q_EQ = {
    56: "4519/10716", 57: "3991/10716",
    58: "17431/64512", 59: "192637/709632", 60: "65407/236544",
    61: "(92160*d**4 - 120128*d**3 + 26336*d**2 - 2000*d + 47)" + _B3_DEN,
    62: "(91776*d**4 - 119968*d**3 + 26320*d**2 - 2000*d + 47)" + _B3_DEN,
    63: "(91904*d**4 - 119680*d**3 + 26064*d**2 - 1932*d + 41)" + _B3_DEN,
    64: "(91648*d**4 - 119488*d**3 + 26032*d**2 - 1932*d + 41)" + _B3_DEN,
    65: "(91520*d**4 - 119520*d**3 + 26048*d**2 - 1932*d + 41)" + _B3_DEN,
    66: "1689974681/2989264896",
}
#: Table 7 for d = 1…8: (α-interval as the caption's decimals, Banker strategy, equation)
B0_DECIMALS = {4: "0.0120709", 5: "0.0392263", 6: "0.0569147", 7: "0.0693518", 8: "0.0785740"}
TABLE7 = {
    1: (("0", "0.0655294", "SSDSD-SSSSDD-SSSSS-SSSSSM-DDDSDD", 56),
        ("0.0655294", "0.1", "SSDDD-SSSSDD-SSSSS-SSSSSM-DDDSDD", 57)),
    2: (("0", "0.0046904", "SSSSS-SSSSDD-DSSDD-MSSSSD-DDDSDD", 58),
        ("0.0046904", "0.0281623", "SSSSS-SSSSDD-DSSSD-MSSSSD-DDDSDD", 59),
        ("0.0281623", "0.1", "SSSSS-SSSSDD-SSSSD-MSSSSD-DDDSDD", 60)),
    3: (("0", "0.1", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", 62),),
    **{d: (("0", B0_DECIMALS[d], "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", 61),
           (B0_DECIMALS[d], "0.1", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", 62)) for d in (4, 5, 6, 7)},
    8: (("0", "0.0244435", "SSSSS-SSSSSS-DDSDD-MSSSSD-DDDDDD", 63),
        ("0.0244435", B0_DECIMALS[8], "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", 61),
        (B0_DECIMALS[8], "0.1", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD", 62)),
}
TABLE7_SETS = (
    ("03:8", "12:8", "49:8", "58:8", "67:8"),
    ("04:1", "13:1", "22:1", "59:1", "68:1", "77:1"),
    ("05:4", "14:4", "23:4", "69:4", "78:4"),
    ("06:-", "15:-", "24:-", "33:-", "79:-", "88:-"),
    ("06:6", "15:6", "24:6", "33:6", "79:6", "88:6"),
)
#: Theorem 2: Player draws at (0,5), (6,9), (7,8), stands at (2,3), mixes at (1,4)
THEOREM2_PLAYER = "DMSDD"
#: the limits d → ∞ and (67)–(68)
LIMIT_PLAYER = "2*(3 + 14*alpha)/(11 - 6*alpha)"
LIMIT_BANKER = F(179, 286)
EQ67 = "(9 - alpha)/(11 - 6*alpha)"
EQ68 = F(859, 2288)

D6 = 6
ALPHAS_D6 = (F(0), F(1, 20), F(1, 10))
TABLE7_DECKS = tuple(range(1, 9))

# ------------------------------------------------------------------------------------------
# New findings (issue #24; not claims of the papers): refinements at the exceptional α
# (games/baccara/analysis/refinements.py). Typed here as the statements the claims check.
# ------------------------------------------------------------------------------------------
#: Model B2, d = 6, at α₀: every point of the segment perfect and proper; one component, index +1
NEW_B2_D6 = {"alpha": ALPHA0, "perfect": "every point", "proper": "every point", "components": 1, "index": 1}
#: Model B3 at Table 7's β's (d = 4…8; two for d = 8): the perfect Banker vertices (pairs over
#: the two free sets, T drawn w.p. 1 − q), whether the quadrilateral's other points are
#: perfect, and the proper one when it is forced
NEW_B3_TABLE7 = {
    4: [("06:-", "33:6", ["SD-DD q=16318191/35753984"], False, "SD-DD q=16318191/35753984")],
    5: [("06:-", "33:6", ["SD-DD q=43232447/88128000"], False, "SD-DD q=43232447/88128000")],
    6: [("06:-", "33:6", ["SD-DD q=18885571/36781056"], False, "SD-DD q=18885571/36781056")],
    7: [("06:-", "33:6", ["SD-DD q=181348767/342250496"], False, "SD-DD q=181348767/342250496")],
    8: [("06:-", "14:4", ["SS-DS q=317651375/585842688", "SS-DD q=317651375/586678758",
                          "SD-DS q=316815305/585006618", "SD-DD q=316815305/585842688"], True, None),
        ("06:-", "33:6", ["SD-DD q=317651375/585842688"], False, "SD-DD q=317651375/585842688")],
}
