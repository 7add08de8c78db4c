#!/usr/bin/env python3
# NAT64 test vectors for test_flow_nat64.c, computed with plain Python (struct + RFC 1071
# sums), independently of softdpa. Run it to print the C arrays.
import struct
def cs(b):
    if len(b)%2: b+=b'\0'
    s=sum(struct.unpack('!%dH'%(len(b)//2),b))
    while s>>16: s=(s&0xffff)+(s>>16)
    return (~s)&0xffff
def ip4(src,dst,proto,tos,ttl,plen,ident=0,flags=0):
    h=struct.pack('!BBHHHBBH4s4s',0x45,tos,20+plen,ident,flags,ttl,proto,0,src,dst)
    return h[:10]+struct.pack('!H',cs(h))+h[12:]
def l4cs4(src,dst,proto,l4):
    return cs(src+dst+struct.pack('!BBH',0,proto,len(l4))+l4)
def l4cs6(src,dst,proto,l4):
    return cs(src+dst+struct.pack('!IxxxB',len(l4),proto)+l4)
def tcp(sp,dp,pay,csf):
    t=struct.pack('!HHIIBBHHH',sp,dp,1,0,0x50,0x02,0x2000,0,0)+pay
    c=csf(t); return t[:16]+struct.pack('!H',c)+t[18:]
def udp(sp,dp,pay,csf):
    u=struct.pack('!HHHH',sp,dp,8+len(pay),0)+pay
    if csf is None: return u
    c=csf(u) or 0xffff; return u[:6]+struct.pack('!H',c)+u[8:]
def ip6(src,dst,nh,tc,fl,hl,plen):
    return struct.pack('!IHBB16s16s',(6<<28)|(tc<<20)|fl,plen,nh,hl,src,dst)
eth=lambda t: bytes.fromhex('020000000002020000000001')+struct.pack('!H',t)
wk=bytes.fromhex('0064ff9b0000000000000000')
def C(name,b):
    print('static const uint8_t %s[%d] = {'%(name,len(b)))
    for i in range(0,len(b),12): print('\t'+', '.join('0x%02x'%x for x in b[i:i+12])+',')
    print('};')
# A: ipv4 tcp -> ipv6
s4=bytes([192,0,2,1]); d4=bytes([198,51,100,2]); pay=b'abcdef'
t=tcp(1234,80,pay,lambda x:l4cs4(s4,d4,6,x))
A_in=eth(0x800)+ip4(s4,d4,6,0x28,64,len(t),0x1234)+t
s6=wk+s4; d6=wk+d4
t6=tcp(1234,80,pay,lambda x:l4cs6(s6,d6,6,x))
A_out=eth(0x86dd)+ip6(s6,d6,6,0x28,0,64,len(t6))+t6
C('a_in',A_in); C('a_out',A_out)
# B: ipv6 udp -> ipv4
s4=bytes([192,168,1,1]); d4=bytes([8,8,8,8]); s6=wk+s4; d6=wk+d4; pay=bytes(range(18))
u=udp(5000,53,pay,lambda x:l4cs6(s6,d6,17,x))
B_in=eth(0x86dd)+ip6(s6,d6,17,0xb8,0x12345,17,len(u))+u
u4=udp(5000,53,pay,lambda x:l4cs4(s4,d4,17,x))
B_out=eth(0x800)+ip4(s4,d4,17,0xb8,17,len(u4),0,0x4000)+u4
C('b_in',B_in); C('b_out',B_out)
# C: ipv4 udp no checksum -> ipv6 with checksum
s4=bytes([10,0,0,1]); d4=bytes([10,0,0,2]); pay=b'0123456789abcdef12'
u=udp(7,9,pay,None)
C_in=eth(0x800)+ip4(s4,d4,17,0,5,len(u))+u
s6=wk+s4; d6=wk+d4
u6=udp(7,9,pay,lambda x:l4cs6(s6,d6,17,x))
C_out=eth(0x86dd)+ip6(s6,d6,17,0,0,5,len(u6))+u6
C('c_in',C_in); C('c_out',C_out)
# D: B through a basic pipe's actions: NAT64 (IPv6 -> IPv4), then the template's write of
# the IPv4 source 100.64.0.1 (the field writes run after the translation).
s4=bytes([100,64,0,1]); d4=bytes([8,8,8,8]); pay=bytes(range(18))
u4=udp(5000,53,pay,lambda x:l4cs4(s4,d4,17,x))
D_out=eth(0x800)+ip4(s4,d4,17,0xb8,17,len(u4),0,0x4000)+u4
C('d_out',D_out)
